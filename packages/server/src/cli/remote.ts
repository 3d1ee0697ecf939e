/**
 * The CLI against a Fieldwork server over HTTP, with a project API key
 * (`FIELDWORK_API_KEY`, and `FIELDWORK_URL` or else PUBLIC_URL): forms import and export and
 * responses list go through the private API, which checks the key's role and project.
 */
import { RESPONSES_PAGE } from "../forms/responses";
import { failure, json, type CliCommand, type CliOutput } from "./commands";

interface Envelope { data: unknown; error: { code: string; message: string } | null }

export async function runRemote(baseUrl: string, apiKey: string, command: CliCommand): Promise<CliOutput> {
  const call = async (method: string, path: string, body?: unknown): Promise<Envelope> => {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/private/editor${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    if (!envelope) throw new Error(`${baseUrl} answered HTTP ${response.status} without JSON.`);
    return envelope;
  };

  switch (command.cmd) {
    case "forms.import": {
      if (!command.project_id) return failure({ code: "MALFORMED_REQUEST", message: "With an API key, name the project: --project <id>." });
      const answer = await call("POST", `/projects/${encodeURIComponent(command.project_id)}/forms`, command.definition);
      return answer.error ? failure(answer.error) : { stdout: `${json(answer.data)}\n`, exit_code: 0 };
    }
    case "forms.export": {
      const answer = await call("GET", `/forms/${encodeURIComponent(command.id)}/definition`);
      return answer.error ? failure(answer.error) : { stdout: `${JSON.stringify(answer.data, null, 2)}\n`, exit_code: 0 };
    }
    case "responses.list": {
      let stdout = "";
      for (let after = 0; ;) {
        const answer = await call("GET", `/forms/${encodeURIComponent(command.form_id)}/responses?after=${after}&limit=${RESPONSES_PAGE}`);
        if (answer.error) return failure(answer.error);
        const rows = answer.data as { local_index: number }[];
        for (const row of rows) stdout += `${json(row)}\n`;
        if (rows.length < RESPONSES_PAGE) return { stdout, exit_code: 0 };
        after = rows.at(-1)!.local_index;
      }
    }
    default:
      return failure({ code: "MALFORMED_REQUEST", message: `${command.cmd} needs the database: run it where the server runs, without FIELDWORK_API_KEY.` });
  }
}
