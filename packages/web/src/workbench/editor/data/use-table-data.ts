/**
 * Reads the page a query state asks for, and counts beside it (the count never holds the
 * rows up). A new answer in the form's table (the live feed) reads the same page again in
 * the background: rows stay on screen, so the scroll position and the selection stay too.
 */
import { useEffect, useRef, type Dispatch } from "react";
import { queryStateToParams, type QueryState } from "@fieldwork/core";
import { countRows, readRows, type TableRef } from "../../api/data-api";
import { isAbort, messageOf } from "../../api/http";
import { subscribeRowChanges, type RowFeedStatus } from "../../api/row-changes";
import { toast } from "../../shell/toast-store";
import type { DataAction } from "./data-state";

/** Live reads are at most this often, however fast answers arrive (a ticket-drop rush). */
export const LIVE_READ_INTERVAL_MS = 400;

export function readParams(query: QueryState, scope: readonly [string, string][]): URLSearchParams {
  const params = queryStateToParams(query);
  for (const [key, value] of scope) params.append(key, value);
  return params;
}

/** What decides the count: filters and search, not the page or the sort. */
export const countKey = (query: QueryState) => JSON.stringify([query.q_predicates, query.q_text_search, query.q_refresh_key]);

/**
 * Returns `reread`: the same page read again and counted again in the background, after a
 * change this page made itself (a delete). It supersedes any read in flight, whose count may
 * already include the change or not: only the answer to a read started after the change is
 * kept (`request` in data-state).
 */
export function useTableData(ref: TableRef, query: QueryState, scope: readonly [string, string][], dispatch: Dispatch<DataAction>, live: { form_id: string; url?: string } | null, onFeed?: (status: RowFeedStatus) => void): () => void {
  const requestRef = useRef(0);
  const feedRef = useRef(onFeed);
  feedRef.current = onFeed;
  const latest = useRef({ ref, query, scope });
  latest.current = { ref, query, scope };
  const countFor = useRef<string | null>(null);
  const countPending = useRef(false);

  const read = useRef((background: boolean, recount: boolean) => {
    const { ref: table, query: q, scope: s } = latest.current;
    const request = ++requestRef.current;
    const controller = new AbortController();
    const params = readParams(q, s);
    dispatch({ type: "read", request, background, recount });
    readRows(table, params, controller.signal).then(
      (rows) => dispatch({ type: "loaded", request, rows }),
      (error: unknown) => {
        if (isAbort(error)) return;
        dispatch({ type: "failed", request, message: messageOf(error) });
        toast.error(messageOf(error)); // spec 3 §4: a table query that answers an error shows a toast
      },
    );
    if (recount) {
      countPending.current = true;
      countRows(table, params, controller.signal).then(
        (count) => {
          countPending.current = false;
          dispatch({ type: "counted", request, count });
        },
        (error: unknown) => {
          // A count that failed (or timed out) leaves the pager open-ended; the rows are what matters.
          if (isAbort(error)) return;
          countPending.current = false;
          dispatch({ type: "counted", request, count: { exact: false, moreThan: null } });
        },
      );
    }
    return controller;
  });

  const reread = useRef(() => void read.current(true, true));

  const key = JSON.stringify([ref, queryStateToParams(query).toString(), scope]);
  useEffect(() => {
    // Paging and sorting keep the count; a new filter, search or Refresh counts again.
    const recount = countFor.current !== countKey(query);
    countFor.current = countKey(query);
    const controller = read.current(false, recount);
    return () => {
      controller.abort();
      if (countPending.current) countFor.current = null; // the next read counts again
    };
  }, [key]); // `key` is the query; read() takes the latest values

  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const soon = () => {
      if (timer) return;
      const wait = Math.max(0, last + LIVE_READ_INTERVAL_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        read.current(true, true);
      }, wait);
    };
    // Changes made while the feed was down are not replayed: read again when it comes back.
    let dropped = false;
    const stop = subscribeRowChanges(live.form_id, soon, {
      ...(live.url ? { url: live.url } : {}),
      onStatus: (status) => {
        feedRef.current?.(status);
        if (status === "retrying") dropped = true;
        else if (status === "open" && dropped) {
          dropped = false;
          soon();
        }
      },
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [live?.form_id, live?.url]);

  return reread.current;
}
