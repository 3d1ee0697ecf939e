/**
 * Loads a resource for a key with an AbortSignal (aborted when the key changes or the view
 * unmounts). 401 leaves for the sign-in page; other failures become the state's message.
 *
 *   const documents = useResource(project.id, (signal) => fetchDocuments(project.id, signal));
 */
import { useEffect, useReducer, useRef } from "react";
import { ApiError, isAbort, isUnauthorized, messageOf } from "../api/http";
import { initialResource, resourceReducer, viewOf, type ResourceAction, type ResourceState } from "./resource-state";
import { redirectToSignIn } from "./redirect";

export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): { state: ResourceState<T>; reload: () => void } {
  const [state, dispatch] = useReducer(resourceReducer<T>, initialResource as ResourceState<T>) as [ResourceState<T>, (action: ResourceAction<T>) => void];
  const loadRef = useRef(load);
  loadRef.current = load;
  const { generation } = state;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    dispatch({ type: "start", key });
    loadRef.current(controller.signal).then(
      (data) => dispatch({ type: "succeed", key, data }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        if (isUnauthorized(error)) redirectToSignIn();
        else dispatch({ type: "fail", key, message: messageOf(error), code: error instanceof ApiError ? error.code : null });
      },
    );
    return () => controller.abort();
  }, [key, generation]);
  return { state: viewOf(state, key), reload: () => dispatch({ type: "reload" }) };
}
