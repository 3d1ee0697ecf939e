/**
 * Which window messages the embed script acts on: only those sent by its own frame's window,
 * from the origin that frame was loaded from, for the form it shows, and of a documented
 * shape (`parseEmbedMessage`). Anything else — another frame, another origin, a forged or
 * malformed body — is ignored without a sound.
 */
import { parseEmbedMessage, type EmbedMessage } from "@fieldwork/core/embed";

/** The parts of a `MessageEvent` this reads. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** What an embedded frame is expected to send from. */
export interface FrameIdentity {
  origin: string;
  /** The frame's `contentWindow` (null before it is attached: then nothing is accepted). */
  source: unknown;
  form_id: string;
}

export function acceptedMessage(message: IncomingMessage, frame: FrameIdentity): EmbedMessage | null {
  if (frame.source === null || frame.source === undefined || message.source !== frame.source) return null;
  if (message.origin !== frame.origin) return null;
  const parsed = parseEmbedMessage(message.data);
  return parsed && parsed.form_id === frame.form_id ? parsed : null;
}
