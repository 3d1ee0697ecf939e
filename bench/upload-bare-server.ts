/**
 * bench:upload's HTTP floor: a bare `node:http` server, in its own process, that writes each
 * request body as it arrives into a file of its own in DATA_DIR (1 MB `writev` batches, one
 * fsync, as the disk driver) and answers 200; no parsing, no checks, no database. The same
 * `curl` uploads against it show what HTTP itself costs on this machine, next to `cp`.
 * Prints `{"origin": "http://127.0.0.1:…"}` once listening.
 */
import { randomUUID } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { FileSink } from "../packages/server/src/storage/file-sink";

const folder = process.env.DATA_DIR!;
const server = createServer((request, response) => {
  void (async () => {
    const path = join(folder, `bare-${randomUUID()}`);
    const handle = await open(path, "wx", 0o600);
    try {
      await pipeline(request, new FileSink(handle, Number.MAX_SAFE_INTEGER));
    } finally {
      await handle.close();
    }
    await rm(path);
    response.end("ok");
  })().catch(() => {
    response.statusCode = 500;
    response.end();
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  console.log(JSON.stringify({ origin: `http://127.0.0.1:${address.port}` }));
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
