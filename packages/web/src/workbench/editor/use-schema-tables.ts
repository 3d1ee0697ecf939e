/**
 * A schema document's tables, read again whenever a table is made or deleted anywhere on the
 * page (SCHEMA_TABLES_CHANGED): the sidebar's list and the schema's pages stay in step.
 */
import { useEffect, useRef } from "react";
import { fetchSchemaTables, SCHEMA_TABLES_CHANGED } from "../api/schema-tables";
import { useResource } from "../session/use-resource";

export function useSchemaTables(schema_id: string | null) {
  const resource = useResource(schema_id, (signal) => fetchSchemaTables(schema_id ?? "", signal));
  const latest = useRef(resource.reload);
  latest.current = resource.reload;
  useEffect(() => {
    const again = () => latest.current();
    window.addEventListener(SCHEMA_TABLES_CHANGED, again);
    return () => window.removeEventListener(SCHEMA_TABLES_CHANGED, again);
  }, []);
  return resource;
}
