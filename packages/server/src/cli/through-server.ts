/**
 * The CLI's commands run by the server that holds PGlite (`/internal/cli` on loopback, with
 * the token of DATA_DIR/server.json). A command answers its whole output as JSON; a listing
 * answers its rows as a streamed text body, which the CLI copies to stdout as it arrives.
 */
import { failure, type BufferedCommand, type CliOutput } from "./commands";
import type { ResponsesListCommand } from "./responses-list";
import type { ServerFile } from "./server-file";
import { pipeBody, type Write } from "./text-stream";

const post = (server: ServerFile, command: BufferedCommand | ResponsesListCommand) =>
  fetch(`http://127.0.0.1:${server.port}/internal/cli`, {
    method: "POST",
    // Plain text on loopback: compressing a listing there would only cost time.
    headers: { "content-type": "application/json", "accept-encoding": "identity", "x-fieldwork-cli-token": server.token },
    body: JSON.stringify(command),
  });

export async function throughServer(server: ServerFile, command: BufferedCommand): Promise<CliOutput> {
  const response = await post(server, command);
  if (!response.ok) throw new Error(`The running server refused the command (HTTP ${response.status}).`);
  return (await response.json()) as CliOutput;
}

/** Rows go to `write` as the server sends them; an error before the first row is the output. */
export async function listThroughServer(server: ServerFile, command: ResponsesListCommand, write: Write): Promise<CliOutput> {
  const response = await post(server, command);
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    if (!envelope?.error) throw new Error(`The running server refused the command (HTTP ${response.status}).`);
    return failure(envelope.error);
  }
  await pipeBody(response.body, write);
  return { stdout: "", exit_code: 0 };
}
