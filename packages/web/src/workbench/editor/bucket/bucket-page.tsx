/** @jsxRuntime automatic */
/**
 * A `v0_bucket` document's page (issue 21 item 9; spec 3 §2: project mode): the folder
 * breadcrumb, the objects with their sizes, uploads by button or drag and drop with progress,
 * new folder, remove (confirmed), copy link, preview in the media viewer, and the public or
 * private policy (owners). Loaded as its own chunk.
 */
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState, type DragEvent } from "react";
import { folderCrumbs, type Bucket, type BucketObject } from "@fieldwork/core";
import { FolderPlus, FolderOpen, Globe, LockKeyhole, Upload } from "lucide-react";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { copyText } from "../../../ui/copy";
import { EmptyState } from "../../../ui/empty-state";
import { Skeleton } from "../../../ui/skeleton";
import { bucketObjectUrls, createBucketFolder, fetchBucket, listBucket, removeBucketPaths, setBucketPolicy, uploadToBucket } from "../../api/buckets";
import { messageOf } from "../../api/http";
import { LoadError } from "../../shell/page";
import { toast } from "../../shell/toast-store";
import { toastAction } from "../../shell/toast-action";
import { useResource } from "../../session/use-resource";
import { Toggle } from "../settings/settings-controls";
import { closedViewer, viewerReducer } from "../data/files/media-viewer-state";
import { BucketTable } from "./bucket-table";
import { BucketUploads } from "./bucket-uploads";
import { NewFolderDialog } from "./new-folder-dialog";
import { nextUpload, uploadReducer } from "./upload-queue";

const MediaViewer = lazy(() => import("../data/files/media-viewer"));
// LockKeyhole, not Lock: the public form's first load uses Lock, and sharing it from here split
// it into a chunk of its own, a brotli stream the 80 kB budget has no room for.

export interface BucketPageProps {
  bucket_id: string;
  folder: string;
  onFolder: (folder: string) => void;
  /** Editors and owners: upload, new folder, remove. */
  canEdit: boolean;
  /** Owners: the policy. */
  canSetPolicy: boolean;
  csrf_token: string;
}

let uploadIds = 0;

export default function BucketPage({ bucket_id, folder, onFolder, canEdit, canSetPolicy, csrf_token }: BucketPageProps) {
  const bucketState = useResource(bucket_id, (signal) => fetchBucket(bucket_id, signal));
  const [bucket, setBucket] = useState<Bucket | null>(null);
  useEffect(() => { if (bucketState.state.status === "ready") setBucket(bucketState.state.data); }, [bucketState.state]);
  const listing = useResource(`${bucket_id}\u0000${folder}`, (signal) => listBucket(bucket_id, folder, null, signal));
  const [more, setMore] = useState<{ objects: BucketObject[]; cursor: string | null } | null>(null);
  useEffect(() => setMore(null), [listing.state]);
  const [uploads, dispatch] = useReducer(uploadReducer, []);
  const [newFolder, setNewFolder] = useState(false);
  const [removing, setRemoving] = useState<BucketObject | null>(null);
  const [dragging, setDragging] = useState(false);
  const [viewer, view] = useReducer(viewerReducer, closedViewer);
  const input = useRef<HTMLInputElement>(null);
  const reload = listing.reload;

  // One upload at a time, in the folder it was dropped in.
  const next = nextUpload(uploads);
  const files = useRef(new Map<string, File>());
  useEffect(() => {
    if (!next) return;
    const file = files.current.get(next.id);
    if (!file) return dispatch({ type: "fail", id: next.id, message: "Failed to upload file" });
    dispatch({ type: "progress", id: next.id, fraction: 0 });
    uploadToBucket(bucket_id, next.folder, file, { csrf_token, onProgress: (fraction) => dispatch({ type: "progress", id: next.id, fraction }) })
      .then(() => dispatch({ type: "done", id: next.id }), (error: unknown) => dispatch({ type: "fail", id: next.id, message: messageOf(error) }))
      .finally(() => {
        files.current.delete(next.id);
        reload();
      });
  }, [next?.id]); // runs once per file: the queue moves on when it settles

  const addFiles = useCallback((list: FileList | File[]) => {
    const items = [...list].map((file) => {
      const id = `u${++uploadIds}`;
      files.current.set(id, file);
      return { id, name: file.name, size: file.size, folder };
    });
    if (items.length) dispatch({ type: "add", items });
  }, [folder]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit && event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  };
  const preview = async (object: BucketObject) => {
    try {
      const urls = await bucketObjectUrls(bucket_id, object.path);
      view({ type: "open", file: { src: urls.signedUrl, name: object.name, type: object.type ?? "" } });
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const copyLink = async (object: BucketObject) => {
    try {
      const urls = await bucketObjectUrls(bucket_id, object.path);
      const link = new URL(urls.publicUrl ?? urls.signedUrl, window.location.origin).toString();
      if (await copyText(link)) toast.success(urls.publicUrl ? "Public link copied." : "Signed link copied: it works for one hour.");
      else toast.error("The browser did not allow copying.");
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const loadMore = async (cursor: string) => {
    try {
      const page = await listBucket(bucket_id, folder, cursor);
      setMore((prev) => ({ objects: [...(prev?.objects ?? []), ...page.objects], cursor: page.next_cursor }));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const name = bucket?.name ?? "Bucket";
  const crumbs = [{ name, folder: "" }, ...folderCrumbs(folder)];
  const state = listing.state;
  const objects = state.status === "ready" ? [...state.data.objects, ...(more?.objects ?? [])] : [];
  const cursor = more ? more.cursor : state.status === "ready" ? state.data.next_cursor : null;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-6 sm:px-6"
      onDragOver={(e) => { if (canEdit) { e.preventDefault(); setDragging(true); } }}
      onDragLeave={(e) => { if (e.currentTarget === e.target) setDragging(false); }}
      onDrop={onDrop}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-2 text-lg font-semibold text-fg">
            {name}
            {bucket ? (
              <Badge className={bucket.public ? "text-fg" : undefined}>
                {bucket.public ? <Globe aria-hidden="true" className="mr-1 size-3" /> : <LockKeyhole aria-hidden="true" className="mr-1 size-3" />}
                {bucket.public ? "Public" : "Private"}
              </Badge>
            ) : null}
          </h1>
          {/* At the top the heading names where you are; inside a folder the trail leads back. */}
          {folder ? <nav aria-label="Folders">
            <ol className="flex flex-wrap items-center gap-1 text-sm">
              {crumbs.map((crumb, i) => (
                <li key={crumb.folder} className="flex items-center gap-1">
                  {i > 0 ? <span aria-hidden="true" className="text-muted">/</span> : null}
                  {i === crumbs.length - 1
                    ? <span aria-current="page" className="px-1 font-medium text-fg">{crumb.name}</span>
                    : <button type="button" className="focus-ring cursor-pointer rounded px-1 text-muted hover:text-fg" onClick={() => onFolder(crumb.folder)}>{crumb.name}</button>}
                </li>
              ))}
            </ol>
          </nav> : null}
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setNewFolder(true)}><FolderPlus aria-hidden="true" />New folder</Button>
            <Button size="sm" variant="primary" onClick={() => input.current?.click()}><Upload aria-hidden="true" />Upload</Button>
            <input ref={input} type="file" multiple className="sr-only" tabIndex={-1} aria-label="Files to upload" data-testid="bucket-file-input"
              onChange={(e) => { if (e.target.files) addFiles(e.target.files); e.target.value = ""; }} />
          </div>
        ) : null}
      </header>

      {bucket && canSetPolicy ? (
        <div className="rounded-lg border border-line bg-card p-3 shadow-xs">
          <Toggle label="Public bucket" checked={bucket.public}
            description={bucket.public ? "Anyone with a file's link can open it. Richtext fields can use this bucket." : "Files open only through signed links given to members."}
            onChange={(checked) => void toastAction(async () => {
              setBucket(await setBucketPolicy(bucket_id, checked, { csrf_token }));
              return checked ? "The bucket is public." : "The bucket is private.";
            })} />
        </div>
      ) : null}

      <BucketUploads items={uploads} onClear={() => dispatch({ type: "clear" })} />

      <div className={cn("relative grid gap-3 rounded-lg", dragging && "outline-2 outline-dashed outline-offset-4 outline-accent")}>
        {dragging ? <p role="status" className="text-sm text-fg">Drop files to upload them to {folder || "the top of the bucket"}.</p> : null}
        {state.status === "failed" ? <LoadError message={state.message} onRetry={reload} />
          : state.status !== "ready" ? <div className="grid gap-2" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-9 w-full" />)}</div>
            : objects.length === 0 ? (
              <EmptyState icon={FolderOpen} title={folder ? "This folder is empty" : "This bucket is empty"}
                action={canEdit ? <Button size="sm" variant="primary" onClick={() => input.current?.click()}><Upload aria-hidden="true" />Upload files</Button> : undefined}>
                {canEdit ? "Drop files here or use Upload. Each file can be up to 50 MB." : "Nothing has been uploaded yet."}
              </EmptyState>
            ) : (
              <BucketTable objects={objects} canEdit={canEdit} onOpenFolder={onFolder}
                onPreview={(o) => void preview(o)} onCopyLink={(o) => void copyLink(o)} onRemove={setRemoving} />
            )}
        {cursor ? <div className="flex justify-center"><Button size="sm" onClick={() => void loadMore(cursor)}>Load more</Button></div> : null}
      </div>

      <NewFolderDialog open={newFolder} onClose={() => setNewFolder(false)} folder={folder}
        onCreate={async (path) => {
          await createBucketFolder(bucket_id, path, { csrf_token });
          reload();
        }} />
      <ConfirmDialog open={removing !== null} onClose={() => setRemoving(null)} danger confirmLabel="Remove"
        title={removing?.kind === "folder" ? `Remove the folder ${removing.name}?` : `Remove ${removing?.name ?? ""}?`}
        onConfirm={() => toastAction(async () => {
          const { removed } = await removeBucketPaths(bucket_id, [removing!.path], { csrf_token });
          return removing!.kind === "folder" ? `Removed the folder and ${removed} file${removed === 1 ? "" : "s"} in it.` : `Removed ${removing!.name}.`;
        }, reload)}>
        {removing?.kind === "folder" ? "Every file in it is removed too. This cannot be undone." : "Links to it stop working. This cannot be undone."}
      </ConfirmDialog>
      {viewer.mode !== "closed" ? <Suspense fallback={null}><MediaViewer state={viewer} dispatch={view} /></Suspense> : null}
    </div>
  );
}
