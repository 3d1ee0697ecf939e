/** @jsxRuntime automatic */
/** Export the view as CSV or JSON lines, with the rows read so far while it runs (and Cancel). */
import { useRef, useState } from "react";
import { Download, X } from "lucide-react";
import { Button, buttonClass } from "../../../ui/button";
import { Popover } from "../../../ui/popover";
import type { TableRef } from "../../api/data-api";
import { isAbort, messageOf } from "../../api/http";
import { toast } from "../../shell/toast-store";
import { EXPORT_FORMATS, exportFileName, fetchExport, saveFile, type ExportFormat } from "./export-view";

export function ExportButton({ table, params, total }: { table: TableRef; params: () => URLSearchParams; total: number | null }) {
  const [progress, setProgress] = useState<{ rows: number } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const run = async (format: ExportFormat) => {
    controller.current = new AbortController();
    setProgress({ rows: 0 });
    try {
      const blob = await fetchExport(table, params(), format, (p) => setProgress({ rows: p.rows }), controller.current.signal);
      saveFile(blob, exportFileName(table.table, format));
    } catch (error) {
      if (!isAbort(error)) toast.error(`Export failed: ${messageOf(error)}`);
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };
  if (progress) {
    const pct = total ? Math.min(100, Math.round((progress.rows / total) * 100)) : null;
    return (
      <div className="flex items-center gap-2 text-sm text-muted" role="status" aria-live="polite">
        <span className="h-1.5 w-24 overflow-hidden rounded-full bg-subtle">
          <span className="block h-full bg-accent transition-[width]" style={{ width: `${pct ?? 30}%` }} />
        </span>
        <span className="tabular-nums" data-testid="export-progress">Exporting {progress.rows.toLocaleString("en-US")}{total ? ` of ${total.toLocaleString("en-US")}` : ""} rows</span>
        <Button variant="ghost" size="icon" aria-label="Cancel export" onClick={() => controller.current?.abort()}><X /></Button>
      </div>
    );
  }
  return (
    <Popover title="Export" align="end" buttonClassName={buttonClass({ variant: "ghost", size: "sm" })} label="Export" button={<><Download aria-hidden="true" /><span className="hidden sm:inline">Export</span></>} panelClassName="w-56">
      {(close) => (
        <div className="grid gap-1">
          <p className="px-1 pb-1 text-xs text-muted">Every row of this view: its filters, search, sort and visible columns.</p>
          {(Object.keys(EXPORT_FORMATS) as ExportFormat[]).map((format) => (
            <Button key={format} variant="ghost" size="sm" className="justify-start" onClick={() => { close(); void run(format); }}>
              {EXPORT_FORMATS[format].label}
            </Button>
          ))}
        </div>
      )}
    </Popover>
  );
}
