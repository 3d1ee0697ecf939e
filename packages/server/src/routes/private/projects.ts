import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireProjectRole } from "../../auth/access";
import { deleteProject, renameProject } from "../../projects/settings";
import { callerOf, userOf } from "./authenticate";
import { parseBody } from "./parse";

type ProjectParams = { Params: { project_id: string } };

/** Renaming and deleting a project: owners, signed in (an API key cannot delete its own project). */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const ownerInPerson = async (request: FastifyRequest<ProjectParams>) => {
    const caller = callerOf(request);
    await requireProjectRole(app.db, caller, request.params.project_id, "owner");
    userOf(caller, "API keys act inside one project; renaming or deleting it needs a signed-in owner.");
  };

  app.patch<ProjectParams>("/projects/:project_id", async (request) => {
    await ownerInPerson(request);
    const body = parseBody(z.object({ name: z.string() }).strict(), request.body);
    return { data: await renameProject(app.db, request.params.project_id, body.name), error: null };
  });

  /** Its documents and every form's response table go with it. */
  app.delete<ProjectParams>("/projects/:project_id", async (request) => {
    await ownerInPerson(request);
    return { data: await deleteProject(app.db, request.params.project_id), error: null };
  });
}
