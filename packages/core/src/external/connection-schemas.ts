/** The request bodies of the connection routes (connection-api.ts describes them). */
import { z } from "zod";

const short = z.string().trim().min(1).max(2048);

export const ConnectionCreate = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("postgres"), project_id: z.string().max(100), url: short }),
  z.object({
    kind: z.literal("supabase"), project_id: z.string().max(100),
    project_url: short, service_key: short, db_password: z.string().min(1).max(1024),
  }),
]);
export type ConnectionCreate = z.infer<typeof ConnectionCreate>;

/** `POST /x-supabase/projects/{id}/secure-service-key`: a Supabase service key to keep sealed (never read back). */
export const ServiceKeyBody = z.object({ service_key: z.string().trim().min(1).max(2048) });

export const CustomSchemaBody = z.object({ schema_name: z.string().min(1).max(63) });

export const AuthUsersQuery = z.looseObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(1000).optional(),
});

/** spec 3 §9: auth users per page, 100 by default. */
export const AUTH_USERS_PER_PAGE = 100;
