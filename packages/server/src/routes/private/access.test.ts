import type { Role } from "@fieldwork/core";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { describeManagedTable } from "../../tables/managed-table";
import { as, joinOrganization, signUp, type Member } from "../../test/accounts";
import { useTestApp } from "../../test/test-app";
import { BACKENDS } from "../../test/backends";
import { createExternalDatabase, externalAvailable, type ExternalDatabase } from "../../test/external-database";

interface World {
  owner: Member; editor: Member; viewer: Member; stranger: Member;
  org: string; project: string; document: string; form: string; form_document: string; key: string;
  strangerProject: string;
}

describe.each(BACKENDS)("roles and the private route table on $name", (backend) => {
  const t = useTestApp(backend);
  let database: Database;
  let app: FastifyInstance;
  let w: World;

  beforeAll(async () => {
    if (!backend.available) return;
    ({ app, database } = t);
    const [owner, editor, viewer, stranger] = await Promise.all(
      ["owner", "editor", "viewer", "stranger"].map((n, i) => signUp(app, `${n}@example.com`, "correct horse battery", `10.9.0.${i + 1}`)),
    );
    const org = (await as(app, owner!)("POST", "/private/editor/organizations", { name: "acme", display_name: "Acme" })).json().data.id;
    const project = (await as(app, owner!)("POST", `/private/editor/organizations/${org}/projects`, { name: "web" })).json().data.id;
    await joinOrganization(app, owner!, org, editor!, "editor");
    await joinOrganization(app, owner!, org, viewer!, "viewer");
    const document = (await as(app, owner!)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_schema", title: "CRM" })).json().data.id;
    const formDoc = (await as(app, owner!)("POST", `/private/editor/projects/${project}/documents`, { doctype: "v0_form", title: "Signup" })).json().data;
    const key = (await as(app, owner!)("POST", `/private/editor/projects/${project}/api-keys`, { name: "ci", role: "viewer" })).json().data;
    const strangerOrg = (await as(app, stranger!)("POST", "/private/editor/organizations", { name: "other" })).json().data.id;
    const strangerProject = (await as(app, stranger!)("POST", `/private/editor/organizations/${strangerOrg}/projects`, { name: "web" })).json().data.id;
    w = {
      owner: owner!, editor: editor!, viewer: viewer!, stranger: stranger!, org, project, document,
      form: formDoc.form_id, form_document: formDoc.id, key: key.id, strangerProject,
    };
    w.key = key.id;
    (w as World & { token: string }).token = key.token;
  });

  it.skipIf(!backend.available)("lets each role call each kind of private route it may, and answers 403 for the rest", async () => {
    type Call = [string, string, unknown?];
    let n = 0;
    const unique = (prefix: string) => `${prefix}-${++n}`;
    const freshDocument = async () =>
      (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_site", title: unique("site") })).json().data.id as string;
    const freshMember = async () => {
      const member = await signUp(app, `${unique("member")}@example.com`, "correct horse battery", `10.8.${n}.1`);
      await joinOrganization(app, w.owner, w.org, member, "viewer");
      return member.user_id;
    };
    /** An invitation by email to the member playing `role`, from a new organization of someone else. */
    const invitationFor = async (role: Role) => {
      const org = (await as(app, w.stranger)("POST", "/private/editor/organizations", { name: unique("inviting") })).json().data.id as string;
      await as(app, w.stranger)("POST", `/private/editor/organizations/${org}/members`, { email: w[role].email, role: "viewer" });
      const mine = (await as(app, w[role])("GET", "/private/editor/me/invitations")).json().data as { id: string; organization: { id: string } }[];
      return mine.find((i) => i.organization.id === org)!.id;
    };
    const freshOrg = async () => {
      const org = (await as(app, w.owner)("POST", "/private/editor/organizations", { name: unique("org") })).json().data.id as string;
      for (const role of ["editor", "viewer"] as const) {
        await joinOrganization(app, w.owner, org, w[role], role);
      }
      return org;
    };
    const freshProject = async () =>
      (await as(app, w.owner)("POST", `/private/editor/organizations/${w.org}/projects`, { name: unique("gone") })).json().data.id as string;
    const freshInvitation = async () =>
      (await as(app, w.owner)("POST", `/private/editor/organizations/${w.org}/invitations`, { role: "viewer" })).json().data as { id: string; token: string };
    const freshCustomer = async () => (await database.db.insertInto("customer")
      .values({ project_id: w.project, visitor_id: unique("visitor") }).returning("id").executeTakeFirstOrThrow()).id;
    const freshKey = async () =>
      (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/api-keys`, { name: unique("key"), role: "viewer" })).json().data.id as string;

    const revision = async () =>
      (await database.db.selectFrom("form").select("revision").where("id", "=", w.form).executeTakeFirstOrThrow()).revision;
    const freshField = async () => {
      const body = { revision: await revision(), field: { name: `f_${++n}`, type: "text" } };
      return (await as(app, w.owner)("POST", `/private/editor/forms/${w.form}/fields`, body)).json().data as { field_id: string; block_id: string };
    };
    const freshBlock = async () =>
      (await as(app, w.owner)("POST", `/private/editor/forms/${w.form}/blocks`, { revision: await revision(), type: "divider" })).json().data.block_id as string;
    const freedField = async () => {
      const { field_id, block_id } = await freshField();
      await as(app, w.owner)("DELETE", `/private/editor/forms/${w.form}/blocks/${block_id}?revision=${await revision()}`);
      return field_id;
    };
    // A file field with one stored file, made once (routes/private/owner-files.ts refuse paths no row holds).
    let fileSetup: Promise<{ field: string; row: string; path: string }> | undefined;
    const fileWorld = () => (fileSetup ??= (async () => {
      const body = { revision: await revision(), field: { name: `files_${++n}`, type: "file", multiple: true } };
      const { field_id } = (await as(app, w.owner)("POST", `/private/editor/forms/${w.form}/fields`, body)).json().data as { field_id: string };
      const name = (await database.db.selectFrom("form_field").select("name").where("id", "=", field_id).executeTakeFirstOrThrow()).name;
      const table = (await database.db.selectFrom("form").select("table_name").where("id", "=", w.form).executeTakeFirstOrThrow()).table_name;
      const path = `${w.form}/r/${field_id}/a.pdf`;
      const value = JSON.stringify([{ path, name: "a.pdf", size: 3, type: "application/pdf", lastModified: 1 }]);
      const { rows } = await sql<{ id: string }>`insert into ${sql.table(`form_data.${table}`)} (local_index, ${sql.id(name)})
        values (1000, ${value}::jsonb) returning id::text`.execute(database.db);
      return { field: field_id, row: rows[0]!.id, path };
    })());
    // Buckets (routes/private/buckets.ts): one bucket with one stored file, made once.
    let bucketSetup: Promise<string> | undefined;
    const bucketWorld = () => (bucketSetup ??= (async () => {
      const bucket = (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_bucket", title: "Assets" })).json().data.id as string;
      await app.storage.put(`buckets/${bucket}/a.pdf`, Readable.from([Buffer.from("%PDF-1.7\n")]), { contentType: "application/pdf", maxBytes: 100 });
      return bucket;
    })());
    const bucketRoutes = (): { route: string; min: "viewer" | "editor" | "owner"; call: () => Promise<Call> }[] => [
      { route: "GET /projects/:project_id/buckets", min: "viewer", call: async () => ["GET", `/projects/${w.project}/buckets`] },
      { route: "GET /buckets/:bucket_id", min: "viewer", call: async () => ["GET", `/buckets/${await bucketWorld()}`] },
      { route: "PATCH /buckets/:bucket_id", min: "owner", call: async () => ["PATCH", `/buckets/${await bucketWorld()}`, { public: false }] },
      { route: "GET /buckets/:bucket_id/objects", min: "viewer", call: async () => ["GET", `/buckets/${await bucketWorld()}/objects`] },
      { route: "GET /buckets/:bucket_id/objects/url", min: "viewer", call: async () => ["GET", `/buckets/${await bucketWorld()}/objects/url?path=a.pdf`] },
      { route: "POST /buckets/:bucket_id/uploads", min: "editor", call: async () => ["POST", `/buckets/${await bucketWorld()}/uploads`, { name: "b.pdf", size: 3 }] },
      { route: "POST /buckets/:bucket_id/folders", min: "editor", call: async () => ["POST", `/buckets/${await bucketWorld()}/folders`, { path: unique("folder") }] },
      { route: "POST /buckets/:bucket_id/objects/remove", min: "editor", call: async () => ["POST", `/buckets/${await bucketWorld()}/objects/remove`, { paths: ["gone.pdf"] }] },
      { route: "POST /buckets/:bucket_id/objects/move", min: "editor", call: async () => {
        const bucket = await bucketWorld();
        const from = `${unique("m")}.pdf`;
        await app.storage.put(`buckets/${bucket}/${from}`, Readable.from([Buffer.from("%PDF-1.7\n")]), { contentType: "application/pdf", maxBytes: 100 });
        return ["POST", `/buckets/${bucket}/objects/move`, { from, to: `${unique("moved")}.pdf` }];
      } },
    ];
    // Schema documents (routes/private/schema-tables.ts): one schema with a table, made once; each change on a table of its own.
    let schemaSetup: Promise<string> | undefined;
    const schemaWorld = () => (schemaSetup ??= (async () => {
      const schema = (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_schema", title: "Shop" })).json().data.id as string;
      return schema;
    })());
    const freshTable = async () => {
      const schema = await schemaWorld();
      const table = (await as(app, w.owner)("POST", `/private/editor/schema/${schema}/tables/new`, { name: unique("t").replace(/[^a-z0-9_]/g, "_"), attributes: [{ name: "v", type: "text" }] })).json().data;
      return { schema, id: table.id as string, name: table.name as string };
    };
    const schemaRoutes = (): { route: string; min: "viewer" | "editor" | "owner"; call: () => Promise<Call> }[] => [
      { route: "GET /schema/:schema_id/tables", min: "viewer", call: async () => ["GET", `/schema/${await schemaWorld()}/tables`] },
      { route: "GET /schema/:schema_id/tables/:table_id/changes", min: "viewer", call: async () => {
        const t = await freshTable();
        return ["GET", `/schema/${t.schema}/tables/${t.id}/changes`];
      } },
      { route: "POST /schema/:schema_id/tables/new", min: "editor", call: async () => ["POST", `/schema/${await schemaWorld()}/tables/new`, { name: unique("n").replace(/[^a-z0-9_]/g, "_") }] },
      { route: "DELETE /schema/:schema_id/tables/:table_id", min: "editor", call: async () => {
        const t = await freshTable();
        return ["DELETE", `/schema/${t.schema}/tables/${t.id}`, { user_confirmation_txt: t.name }];
      } },
      { route: "POST /schema/:schema_id/tables/:table_id/columns", min: "editor", call: async () => {
        const t = await freshTable();
        return ["POST", `/schema/${t.schema}/tables/${t.id}/columns`, { name: "w", type: "integer" }];
      } },
      { route: "PUT /schema/:schema_id/tables/:table_id/columns/:column", min: "editor", call: async () => {
        const t = await freshTable();
        return ["PUT", `/schema/${t.schema}/tables/${t.id}/columns/v`, { name: "v2", type: "text" }];
      } },
      { route: "DELETE /schema/:schema_id/tables/:table_id/columns/:column", min: "editor", call: async () => {
        const t = await freshTable();
        return ["DELETE", `/schema/${t.schema}/tables/${t.id}/columns/v`];
      } },
    ];
    const fileRoutes = (): { route: string; min: "viewer" | "editor" | "owner"; call: () => Promise<Call> }[] => [
      { route: "GET /:form_id/fields/:field_id/file/preview/public-url", min: "viewer", call: async () => {
        const f = await fileWorld();
        return ["GET", `/${w.form}/fields/${f.field}/file/preview/public-url?path=${encodeURIComponent(f.path)}`];
      } },
      { route: "GET /:form_id/fields/:field_id/file/preview/src", min: "viewer", call: async () => {
        const f = await fileWorld();
        return ["GET", `/${w.form}/fields/${f.field}/file/preview/src?path=${encodeURIComponent(f.path)}`];
      } },
      { route: "PUT /:form_id/fields/:field_id/file/upsert", min: "editor", call: async () => {
        const f = await fileWorld();
        return ["PUT", `/${w.form}/fields/${f.field}/file/upsert?path=${encodeURIComponent(f.path)}`];
      } },
      { route: "POST /:form_id/rows/:row_id/fields/:field_id/files/signed-upload-url", min: "editor", call: async () => {
        const f = await fileWorld();
        return ["POST", `/${w.form}/rows/${f.row}/fields/${f.field}/files/signed-upload-url`, { file: { name: "b.pdf", size: 3 } }];
      } },
      { route: "POST /:form_id/storage/pool", min: "viewer", call: async () => ["POST", `/${w.form}/storage/pool`, [(await fileWorld()).row]] },
      { route: "POST /connect/:table_id/supabase/table/:supabase_table_id/storage/pool", min: "viewer",
        call: async () => ["POST", `/connect/${w.form}/supabase/table/${w.form}/storage/pool`, [(await fileWorld()).row]] },
    ];
    const editorRoutes: { route: string; min: "viewer" | "editor" | "owner"; call: () => Promise<Call> }[] = [
      { route: "GET /forms/:form_id", min: "viewer", call: async () => ["GET", `/forms/${w.form}`] },
      { route: "POST /forms/:form_id/fields", min: "editor", call: async () => ["POST", `/forms/${w.form}/fields`, { revision: await revision(), field: { name: `f_${++n}`, type: "text" } }] },
      { route: "PATCH /forms/:form_id/fields/:field_id", min: "editor", call: async () => {
        const { field_id } = await freshField();
        return ["PATCH", `/forms/${w.form}/fields/${field_id}`, { revision: await revision(), field: { name: `f_${++n}`, type: "number" } }];
      } },
      { route: "DELETE /forms/:form_id/fields/:field_id", min: "editor", call: async () => {
        const { field_id } = await freshField();
        return ["DELETE", `/forms/${w.form}/fields/${field_id}?revision=${await revision()}`];
      } },
      { route: "GET /forms/:form_id/fields/:field_id/answers", min: "viewer", call: async () => ["GET", `/forms/${w.form}/fields/${(await freshField()).field_id}/answers`] },
      { route: "POST /forms/:form_id/blocks", min: "editor", call: async () => ["POST", `/forms/${w.form}/blocks`, { revision: await revision(), type: "html", body_html: "<p>Hi</p>" }] },
      { route: "POST /forms/:form_id/blocks/field", min: "editor", call: async () => {
        const field_id = await freedField();
        return ["POST", `/forms/${w.form}/blocks/field`, { revision: await revision(), field_id }];
      } },
      { route: "PATCH /forms/:form_id/blocks/:block_id", min: "editor", call: async () => {
        const block = await freshBlock();
        return ["PATCH", `/forms/${w.form}/blocks/${block}`, { revision: await revision(), v_hidden: true }];
      } },
      { route: "DELETE /forms/:form_id/blocks/:block_id", min: "editor", call: async () => {
        const block = await freshBlock();
        return ["DELETE", `/forms/${w.form}/blocks/${block}?revision=${await revision()}`];
      } },
      { route: "POST /forms/:form_id/blocks/sort", min: "editor", call: async () => {
        const block = await freshBlock();
        return ["POST", `/forms/${w.form}/blocks/sort`, { revision: await revision(), block_id: block, to_index: 0 }];
      } },
      { route: "PATCH /forms/:form_id/theme", min: "editor", call: async () => ["PATCH", `/forms/${w.form}/theme`, { revision: await revision(), theme: { palette: unique("p") } }] },
      { route: "PATCH /forms/:form_id/ending", min: "editor", call: async () => ["PATCH", `/forms/${w.form}/ending`, { revision: await revision(), ending: { title: unique("Thanks") } }] },
      { route: "PATCH /forms/:form_id/start-page", min: "editor", call: async () => ["PATCH", `/forms/${w.form}/start-page`, { revision: await revision(), start_page: null }] },
      { route: "POST /settings/:name", min: "editor", call: async () => ["POST", "/settings/force-close-form", { form_id: w.form, revision: await revision(), is_force_closed: false }] },
    ];

    const freshWebhook = async () =>
      (await as(app, w.owner)("POST", `/private/editor/forms/${w.form}/webhooks`, { url: `https://93.184.216.34/${unique("h")}` })).json().data.id as string;
    const freshDelivery = async () => {
      const webhook_id = await freshWebhook();
      const outbox = await database.db.insertInto("outbox").values({ form_id: w.form, type: "response.created", payload: "{}" }).returning("id").executeTakeFirstOrThrow();
      return (await database.db.insertInto("webhook_delivery").values({
        webhook_id, form_id: w.form, outbox_id: outbox.id, event_id: crypto.randomUUID(), event_type: "response.created",
        attempt: 1, status: "failed", http_status: 500, duration_ms: 1,
      }).returning("id").executeTakeFirstOrThrow()).id;
    };
    const webhookRoutes = (): { route: string; min: "editor"; call: () => Promise<Call> }[] => [
      { route: "GET /forms/:form_id/webhooks", min: "editor", call: async () => ["GET", `/forms/${w.form}/webhooks`] },
      { route: "POST /forms/:form_id/webhooks", min: "editor", call: async () => ["POST", `/forms/${w.form}/webhooks`, { url: "https://93.184.216.34/new" }] },
      { route: "PATCH /forms/:form_id/webhooks/:webhook_id", min: "editor", call: async () => ["PATCH", `/forms/${w.form}/webhooks/${await freshWebhook()}`, { enabled: false }] },
      { route: "DELETE /forms/:form_id/webhooks/:webhook_id", min: "editor", call: async () => ["DELETE", `/forms/${w.form}/webhooks/${await freshWebhook()}`] },
      { route: "POST /forms/:form_id/webhooks/:webhook_id/rotate-secret", min: "editor", call: async () => ["POST", `/forms/${w.form}/webhooks/${await freshWebhook()}/rotate-secret`] },
      { route: "GET /forms/:form_id/webhook-deliveries", min: "editor", call: async () => ["GET", `/forms/${w.form}/webhook-deliveries`] },
      { route: "POST /forms/:form_id/webhook-deliveries/:delivery_id/redeliver", min: "editor", call: async () => ["POST", `/forms/${w.form}/webhook-deliveries/${await freshDelivery()}/redeliver`] },
    ];
    // Inventory (routes/private/inventory.ts): each call on a form of its own, with a store and a tracked option where it needs them.
    const storeForm = async () => {
      const form = (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_form", title: unique("Shop") })).json().data.form_id as string;
      await as(app, w.owner)("PUT", `/private/editor/forms/${form}/store`, { name: unique("store") });
      return form;
    };
    const choiceField = async (form: string) => {
      const { revision: current } = await database.db.selectFrom("form").select("revision").where("id", "=", form).executeTakeFirstOrThrow();
      const body = { revision: current, field: { name: "pick", type: "radio", options: [{ value: "a", label: "A" }] } };
      return (await as(app, w.owner)("POST", `/private/editor/forms/${form}/fields`, body)).json().data.field_id as string;
    };
    const trackedOption = async () => {
      const form = await storeForm();
      const field = await choiceField(form);
      await as(app, w.owner)("PUT", `/private/editor/forms/${form}/fields/${field}/inventory`, { tracked: true });
      const option = await database.db.selectFrom("form_field_option").select("id").where("form_field_id", "=", field).executeTakeFirstOrThrow();
      return { form, option: option.id };
    };
    const inventoryRoutes = (): { route: string; min: "viewer" | "editor"; call: () => Promise<Call> }[] => [
      { route: "GET /forms/:form_id/inventory", min: "viewer", call: async () => ["GET", `/forms/${w.form}/inventory`] },
      { route: "PUT /forms/:form_id/store", min: "editor", call: async () => ["PUT", `/forms/${w.form}/store`, { name: unique("store") }] },
      { route: "DELETE /forms/:form_id/store", min: "editor", call: async () => ["DELETE", `/forms/${await storeForm()}/store`] },
      { route: "PUT /forms/:form_id/fields/:field_id/inventory", min: "editor", call: async () => {
        const form = await storeForm();
        return ["PUT", `/forms/${form}/fields/${await choiceField(form)}/inventory`, { tracked: true }];
      } },
      { route: "PATCH /forms/:form_id/inventory/:option_id", min: "editor", call: async () => {
        const { form, option } = await trackedOption();
        return ["PATCH", `/forms/${form}/inventory/${option}`, { available: 3 }];
      } },
      { route: "GET /forms/:form_id/inventory/:option_id/commits", min: "viewer", call: async () => {
        const { form, option } = await trackedOption();
        return ["GET", `/forms/${form}/inventory/${option}/commits`];
      } },
    ];
    // The store's products (routes/private/store.ts): a store linked to a fresh form, with one product of one value.
    const freshStore = async () => {
      const form = (await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_form", title: unique("Shop") })).json().data.form_id as string;
      const store = (await as(app, w.owner)("PUT", `/private/editor/forms/${form}/store`, { name: unique("store") })).json().data.store.id as string;
      return { form, store };
    };
    const freshProduct = async () => {
      const { form, store } = await freshStore();
      const product = (await as(app, w.owner)("POST", `/private/editor/stores/${store}/products`, {
        name: unique("Tee"), price: 2500, options: [{ name: "Size", values: [{ value: "S", stock: 3 }] }],
      })).json().data.product as { id: string; options: { id: string; name: string; values: { id: string; value: string }[] }[] };
      return { form, store, product, value: product.options[0]!.values[0]!.id };
    };
    const linkedOption = async () => {
      const { form, store, value } = await freshProduct();
      const field = await choiceField(form);
      const option = (await database.db.selectFrom("form_field_option").select("id").where("form_field_id", "=", field).executeTakeFirstOrThrow()).id;
      await as(app, w.owner)("PUT", `/private/editor/forms/${form}/options/${option}/product`, { product_option_value_id: value });
      return { form, store, option };
    };
    const storeRoutes = (): { route: string; min: "viewer" | "editor"; call: () => Promise<Call> }[] => [
      { route: "GET /stores/:store_id", min: "viewer", call: async () => ["GET", `/stores/${(await freshStore()).store}`] },
      { route: "PATCH /stores/:store_id", min: "editor", call: async () => ["PATCH", `/stores/${(await freshStore()).store}`, { name: unique("renamed") }] },
      { route: "DELETE /stores/:store_id", min: "editor", call: async () => {
        const { form, store } = await freshStore();
        await as(app, w.owner)("DELETE", `/private/editor/forms/${form}/store`);
        return ["DELETE", `/stores/${store}`];
      } },
      { route: "POST /stores/:store_id/products", min: "editor", call: async () => ["POST", `/stores/${(await freshStore()).store}/products`, { name: "Mug", price: 900, options: [] }] },
      { route: "PUT /stores/:store_id/products/:product_id", min: "editor", call: async () => {
        const { store, product } = await freshProduct();
        return ["PUT", `/stores/${store}/products/${product.id}`, { name: "Tee", price: 2600, options: product.options.map((o) => ({ id: o.id, name: o.name, values: o.values.map((v) => ({ id: v.id, value: v.value })) })) }];
      } },
      { route: "DELETE /stores/:store_id/products/:product_id", min: "editor", call: async () => {
        const { store, product } = await freshProduct();
        return ["DELETE", `/stores/${store}/products/${product.id}`];
      } },
      { route: "PATCH /stores/:store_id/values/:value_id/inventory", min: "editor", call: async () => {
        const { store, value } = await freshProduct();
        return ["PATCH", `/stores/${store}/values/${value}/inventory`, { available: 5 }];
      } },
      { route: "PUT /forms/:form_id/options/:option_id/product", min: "editor", call: async () => {
        const { form, value } = await freshProduct();
        const field = await choiceField(form);
        const option = (await database.db.selectFrom("form_field_option").select("id").where("form_field_id", "=", field).executeTakeFirstOrThrow()).id;
        return ["PUT", `/forms/${form}/options/${option}/product`, { product_option_value_id: value }];
      } },
      { route: "DELETE /forms/:form_id/options/:option_id/product", min: "editor", call: async () => {
        const { form, option } = await linkedOption();
        return ["DELETE", `/forms/${form}/options/${option}/product`];
      } },
    ];
    // Connected databases (routes/private/x-connections.ts, rest/external-rest.ts), on a database of the test server.
    let ext: ExternalDatabase | undefined;
    const freshConnection = async () => {
      ext ??= await createExternalDatabase();
      const created = await as(app, w.owner)("POST", "/private/editor/x-supabase/projects", { kind: "postgres", project_id: w.project, url: ext.url });
      return created.json().data.id as string;
    };
    let connection: string | undefined;
    const theConnection = async () => (connection ??= await freshConnection());
    const xRest = async (table: string) => `/x-supabase/projects/${await theConnection()}/rest/v1/${table}`;
    const connectionRoutes = (): { route: string; min: "viewer" | "editor"; call: () => Promise<Call> }[] => (externalAvailable ? [
      { route: "GET /x-supabase/projects/:id", min: "viewer", call: async () => ["GET", `/x-supabase/projects/${await theConnection()}`] },
      { route: "PATCH /x-supabase/projects/:id", min: "editor", call: async () => ["PATCH", `/x-supabase/projects/${await theConnection()}`] },
      { route: "DELETE /x-supabase/projects/:id", min: "editor", call: async () => ["DELETE", `/x-supabase/projects/${await freshConnection()}`] },
      { route: "POST /x-supabase/projects/:id/custom-schema", min: "editor", call: async () => ["POST", `/x-supabase/projects/${await theConnection()}/custom-schema`, { schema_name: "public" }] },
      { route: "POST /x-supabase/projects/:id/secure-service-key", min: "editor", call: async () => ["POST", `/x-supabase/projects/${await theConnection()}/secure-service-key`, { service_key: "svc" }] },
      { route: "GET /x-supabase/projects/:id/secure-service-key", min: "viewer", call: async () => ["GET", `/x-supabase/projects/${await theConnection()}/secure-service-key`] },
      { route: "GET /x-supabase/projects/:id/x/auth.users/query", min: "viewer", call: async () => ["GET", `/x-supabase/projects/${await theConnection()}/x/auth.users/query?page=1&perPage=2`] },
      { route: "GET /x-supabase/projects/:id/changes", min: "viewer", call: async () => ["GET", `/x-supabase/projects/${await theConnection()}/changes?schema=public&table=notes`] },
      { route: "GET /x-supabase/projects/:id/rest/v1/:table", min: "viewer", call: async () => ["GET", `${await xRest("notes")}?limit=1`] },
      { route: "POST /x-supabase/projects/:id/rest/v1/:table", min: "editor", call: async () => ["POST", await xRest("notes"), []] },
      { route: "PATCH /x-supabase/projects/:id/rest/v1/:table", min: "editor", call: async () => ["PATCH", `${await xRest("notes")}?id=eq.-1`, { body: "x" }] },
      { route: "DELETE /x-supabase/projects/:id/rest/v1/:table", min: "editor", call: async () => ["DELETE", `${await xRest("notes")}?id=eq.-1`] },
      { route: "GET /forms/:form_id/connect/with-x-sb-table", min: "viewer", call: async () => ["GET", `/forms/${w.form}/connect/with-x-sb-table`] },
      { route: "PUT /forms/:form_id/connect/with-x-sb-table", min: "editor", call: async () => ["PUT", `/forms/${w.form}/connect/with-x-sb-table`, { connection_id: await theConnection(), table: "notes", mapping: {} }] },
      { route: "DELETE /forms/:form_id/connect/with-x-sb-table", min: "editor", call: async () => ["DELETE", `/forms/${w.form}/connect/with-x-sb-table`] },
    ] : []);
    // A paid row's payments (routes/private/payments.ts): a completed payment stored directly; this app has no
    // provider, so an editor's refund passes access and answers 503 PAYMENT_PROVIDER_UNAVAILABLE.
    const paidRow = async () => {
      const response_id = crypto.randomUUID();
      await database.db.insertInto("payment").values({
        form_id: w.form, session_id: crypto.randomUUID(), response_id, provider: "stripe", provider_id: unique("pi_access"),
        amount: 1000, currency: "usd", status: "completed", answers: JSON.stringify({}), expires_at: new Date(Date.now() + 60_000),
      }).execute();
      return response_id;
    };
    const paymentRoutes = (): { route: string; min: "viewer" | "editor"; allowed?: number; call: () => Promise<Call> }[] => [
      { route: "GET /forms/:form_id/responses/:row_id/payments", min: "viewer", call: async () => ["GET", `/forms/${w.form}/responses/${await paidRow()}/payments`] },
      { route: "POST /forms/:form_id/responses/:row_id/refund", min: "editor", allowed: 503, call: async () => ["POST", `/forms/${w.form}/responses/${await paidRow()}/refund`] },
    ];
    const formTable = async () => (await database.db.selectFrom("form").select("table_name").where("id", "=", w.form).executeTakeFirstOrThrow()).table_name;
    const matrix: { route: string; min: "viewer" | "editor" | "owner"; allowed?: number; call: (role: Role) => Promise<Call> }[] = [
      ...editorRoutes,
      { route: "PATCH /organizations/:org_id", min: "owner", call: async () => ["PATCH", `/organizations/${w.org}`, { display_name: unique("Acme") }] },
      { route: "DELETE /organizations/:org_id", min: "owner", call: async () => ["DELETE", `/organizations/${await freshOrg()}`] },
      { route: "PATCH /projects/:project_id", min: "owner", call: async () => ["PATCH", `/projects/${await freshProject()}`, { name: unique("renamed") }] },
      { route: "DELETE /projects/:project_id", min: "owner", call: async () => ["DELETE", `/projects/${await freshProject()}`] },
      { route: "GET /organizations/:org_id/members", min: "viewer", call: async () => ["GET", `/organizations/${w.org}/members`] },
      { route: "POST /organizations/:org_id/members", min: "owner", call: async () => {
        const member = await signUp(app, `${unique("invitee")}@example.com`, "correct horse battery", `10.7.${n}.1`);
        return ["POST", `/organizations/${w.org}/members`, { email: member.email, role: "viewer" }];
      } },
      { route: "DELETE /organizations/:org_id/members/:user_id", min: "owner", call: async () => ["DELETE", `/organizations/${w.org}/members/${await freshMember()}`] },
      { route: "GET /organizations/:org_id/invitations", min: "owner", call: async () => ["GET", `/organizations/${w.org}/invitations`] },
      { route: "POST /organizations/:org_id/invitations", min: "owner", call: async () => ["POST", `/organizations/${w.org}/invitations`, { role: "editor" }] },
      { route: "DELETE /organizations/:org_id/invitations/:invitation_id", min: "owner", call: async () => ["DELETE", `/organizations/${w.org}/invitations/${(await freshInvitation()).id}`] },
      // Any signed-in person may open and accept a link; members accepting keep their role.
      { route: "GET /invitations/:token", min: "viewer", call: async () => ["GET", `/invitations/${(await freshInvitation()).token}`] },
      { route: "POST /invitations/:token/accept", min: "viewer", call: async () => ["POST", `/invitations/${(await freshInvitation()).token}/accept`] },
      // Invitations by email: whoever they were sent to answers them.
      { route: "POST /me/invitations/:invitation_id/accept", min: "viewer", call: async (role: Role): Promise<Call> => ["POST", `/me/invitations/${await invitationFor(role)}/accept`] },
      { route: "POST /me/invitations/:invitation_id/decline", min: "viewer", call: async (role: Role): Promise<Call> => ["POST", `/me/invitations/${await invitationFor(role)}/decline`] },
      { route: "GET /forms/:form_id/definition", min: "viewer", call: async () => ["GET", `/forms/${w.form}/definition`] },
      { route: "GET /forms/:form_id/responses", min: "viewer", call: async () => ["GET", `/forms/${w.form}/responses?limit=5`] },
      // Data mode (routes/private/form-data.ts); the change feed is a stream, read up to its headers.
      { route: "GET /forms/:form_id/changes", min: "viewer", call: async () => ["GET", `/forms/${w.form}/changes`] },
      { route: "GET /forms/:form_id/analytics", min: "viewer", call: async () => ["GET", `/forms/${w.form}/analytics?interval=hour`] },
      // Webhooks (routes/private/webhooks.ts): editors and up, since answers carry signing secrets.
      ...webhookRoutes(),
      ...inventoryRoutes(),
      ...storeRoutes(),
      ...paymentRoutes(),
      ...fileRoutes(),
      ...bucketRoutes(),
      ...schemaRoutes(),
      ...connectionRoutes(),
      { route: "GET /customers/:customer_id", min: "viewer", call: async () => ["GET", `/customers/${await freshCustomer()}`] },
      { route: "POST /projects/:project_id/forms", min: "editor", call: async () => ["POST", `/projects/${w.project}/forms`, { title: unique("Imported") }] },
      { route: "POST /organizations/:org_id/projects", min: "owner", call: async () => ["POST", `/organizations/${w.org}/projects`, { name: unique("proj") }] },
      { route: "GET /projects/:project_id/documents", min: "viewer", call: async () => ["GET", `/projects/${w.project}/documents`] },
      { route: "POST /projects/:project_id/documents", min: "editor", call: async () => ["POST", `/projects/${w.project}/documents`, { doctype: "v0_canvas", title: "Sketch" }] },
      { route: "GET /documents/:document_id", min: "viewer", call: async () => ["GET", `/documents/${w.document}`] },
      { route: "PATCH /documents/:document_id", min: "editor", call: async () => ["PATCH", `/documents/${w.document}`, { title: unique("CRM") }] },
      { route: "DELETE /documents/:document_id", min: "editor", call: async () => ["DELETE", `/documents/${await freshDocument()}`] },
      { route: "GET /projects/:project_id/api-keys", min: "owner", call: async () => ["GET", `/projects/${w.project}/api-keys`] },
      { route: "POST /projects/:project_id/api-keys", min: "owner", call: async () => ["POST", `/projects/${w.project}/api-keys`, { name: unique("key"), role: "viewer" }] },
      { route: "DELETE /projects/:project_id/api-keys/:key_id", min: "owner", call: async () => ["DELETE", `/projects/${w.project}/api-keys/${await freshKey()}`] },
      // The Data API's member mount (docs/data-api.md): reads for viewers, writes for editors.
      { route: "GET /projects/:project_id/rest/v1", min: "viewer", call: async () => ["GET", `/projects/${w.project}/rest/v1/`] },
      { route: "GET /projects/:project_id/rest/v1/:table", min: "viewer", call: async () => ["GET", `/projects/${w.project}/rest/v1/${await formTable()}`] },
      { route: "POST /projects/:project_id/rest/v1/:table", min: "editor", call: async () => ["POST", `/projects/${w.project}/rest/v1/${await formTable()}`, []] },
      { route: "PATCH /projects/:project_id/rest/v1/:table", min: "editor", call: async () => ["PATCH", `/projects/${w.project}/rest/v1/${await formTable()}?local_index=eq.-1`, { id: "00000000-0000-4000-8000-000000000000" }] },
      { route: "DELETE /projects/:project_id/rest/v1/:table", min: "editor", call: async () => ["DELETE", `/projects/${w.project}/rest/v1/${await formTable()}?local_index=eq.-1`] },
    ];

    // The matrix covers every private route that names a resource.
    const resourceRoutes = app.routeTable.filter((r) => r.url.startsWith("/private/editor") && /:\w+/.test(r.url))
      .filter((r) => externalAvailable || !/x-supabase|with-x-sb-table/.test(r.url))
      .map((r) => `${r.method} ${r.url.replace("/private/editor", "")}`).sort();
    expect(matrix.map((m) => m.route).sort()).toEqual(resourceRoutes);

    const rank = { viewer: 1, editor: 2, owner: 3 } as const;
    const outcomes: string[] = [];
    const expected: string[] = [];
    const headersOfStream = async (member: Member, url: string) => {
      const response = await app.inject({ method: "GET", url, headers: { cookie: member.cookie }, payloadAsStream: true });
      response.stream().destroy();
      return response;
    };
    for (const { route, min, allowed, call } of matrix) {
      for (const role of ["viewer", "editor", "owner"] as const) {
        const [method, path, body] = await call(role);
        const response = path.split("?")[0]!.endsWith("/changes") // an event stream: its headers only
          ? await headersOfStream(w[role], `/private/editor${path}`)
          : await as(app, w[role])(method as "GET", `/private/editor${path}`, body);
        // 302: preview/src redirects to a signed URL.
        const passed = response.statusCode < 300 || response.statusCode === 302 || response.statusCode === allowed;
        outcomes.push(`${role} ${route} → ${passed ? "ok" : response.statusCode}`);
        expected.push(`${role} ${route} → ${rank[role] >= rank[min] ? "ok" : 403}`);
      }
    }
    await ext?.drop();
    expect(outcomes).toEqual(expected);
    const forbidden = await database.db.selectFrom("audit_log").select("event").where("event", "=", "access.forbidden").execute();
    expect(forbidden.length).toBe(expected.filter((line) => line.endsWith("403")).length);
  }, 90_000); // some 200 requests: slow on a loaded machine

  it.skipIf(!backend.available)("creates a form document with its managed table and drops both on delete", async () => {
    const created = await as(app, w.editor)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_form", title: "Feedback" });
    expect(created.statusCode).toBe(201);
    const { id, form_id } = created.json().data;
    const { table_name } = await database.db.selectFrom("form").select("table_name").where("id", "=", form_id).executeTakeFirstOrThrow();
    expect((await describeManagedTable(database.db, table_name)).map((c) => c.name)).toContain("local_index");
    expect((await as(app, w.editor)("DELETE", `/private/editor/documents/${id}`)).statusCode).toBe(200);
    expect(await describeManagedTable(database.db, table_name)).toEqual([]);
    expect(await database.db.selectFrom("form").select("id").where("id", "=", form_id).executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(!backend.available)("refuses other doctypes and bad names with catalogue codes", async () => {
    const bad = await as(app, w.owner)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_sheet", title: "X" });
    expect(bad.json().error.code).toBe("UNSUPPORTED_DOCTYPE");
    expect((await as(app, w.owner)("POST", "/private/editor/organizations", { name: "Bad Name" })).json().error.code).toBe("NAME_INVALID");
    expect((await as(app, w.owner)("POST", "/private/editor/organizations", { name: "acme" })).json().error.code).toBe("NAME_TAKEN");
    expect((await as(app, w.owner)("DELETE", `/private/editor/organizations/${w.org}/members/${w.owner.user_id}`)).json().error.code).toBe("LAST_OWNER");
  });

  it.skipIf(!backend.available)("lets a project API key act with its role on its project only", async () => {
    const key = { bearer: (w as World & { token: string }).token };
    expect((await as(app, key)("GET", `/private/editor/projects/${w.project}/documents`)).statusCode).toBe(200);
    expect((await as(app, key)("POST", `/private/editor/projects/${w.project}/documents`, { doctype: "v0_site", title: "S" })).statusCode).toBe(403);
    expect((await as(app, key)("GET", `/private/editor/projects/${w.strangerProject}/documents`)).statusCode).toBe(404);
    expect((await as(app, key)("GET", "/private/editor/me")).statusCode).toBe(403);
    expect((await as(app, { bearer: "fwk_not-a-real-key" })("GET", `/private/editor/projects/${w.project}/documents`)).statusCode).toBe(401);
  });

  it.skipIf(!backend.available)("answers 401 on every private route without credentials and 404 to a member of another project", async () => {
    const params: Record<string, string> = {
      org_id: w.org, project_id: w.project, document_id: w.document, user_id: w.viewer.user_id, key_id: w.key, form_id: w.form,
      name: "force-close-form",
    };
    const routes = app.routeTable.filter((r) => r.url.startsWith("/private/editor"));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const unknown = [{ method: "GET", url: "/private/editor/no/such/route" }, { method: "POST", url: "/private/editor/forms/x/explode" }];
    for (const route of [...routes, ...unknown]) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? "00000000-0000-4000-8000-000000000000");
      const anonymous = await as(app, null)(route.method as "GET", url, route.method === "GET" ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: anonymous.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      if (!/:\w+/.test(route.url)) continue; // /me and POST /organizations act on the caller alone
      const stranger = await as(app, w.stranger)(route.method as "GET", url, route.method === "GET" ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: stranger.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 404 });
    }
  });

  it.skipIf(!backend.available)("publishes a form for editors only, and only forms", async () => {
    const publish = (who: Member, document: string, published: boolean) =>
      as(app, who)("PATCH", `/private/editor/documents/${document}`, { published });
    expect((await app.inject({ method: "GET", url: `/v1/${w.form}` })).statusCode).toBe(404);
    expect((await publish(w.viewer, w.form_document, true)).statusCode).toBe(403);
    expect((await publish(w.owner, w.document, true)).json().error.code).toBe("MALFORMED_REQUEST");
    const live = await publish(w.editor, w.form_document, true);
    expect(live.json().data).toMatchObject({ form_id: w.form, published: true, title: "Signup" });
    expect((await app.inject({ method: "GET", url: `/v1/${w.form}` })).statusCode).toBe(200);
    const listed = (await as(app, w.viewer)("GET", `/private/editor/projects/${w.project}/documents`)).json().data;
    expect(listed.find((d: { id: string }) => d.id === w.form_document).published).toBe(true);
    expect(listed.find((d: { id: string }) => d.id === w.document).published).toBeNull();
    expect((await publish(w.editor, w.form_document, false)).json().data.published).toBe(false);
    expect((await app.inject({ method: "GET", url: `/v1/${w.form}` })).statusCode).toBe(404);
  });

  it.skipIf(!backend.available)("keeps public routes public and private settings out of them", async () => {
    expect((await as(app, w.owner)("PATCH", `/private/editor/documents/${w.form_document}`, { published: true })).statusCode).toBe(200);
    const preload = await app.inject({ method: "GET", url: `/v1/${w.form}` });
    expect(preload.statusCode).toBe(200);
    const page = await app.inject({ method: "GET", url: `/d/e/${w.form}` });
    expect(page.statusCode).toBe(200);
    // The public page may be framed (embeds); the workbench and the private API may not.
    expect(page.headers["x-frame-options"]).toBeUndefined();
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    for (const url of ["/", "/acme/web", "/sign-in", "/private/editor/me"]) {
      const response = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect({ url, frame: response.headers["x-frame-options"], csp: response.headers["content-security-policy"] })
        .toEqual({ url, frame: "DENY", csp: expect.stringContaining("frame-ancestors 'none'") });
    }
    for (const body of [preload.body, page.body]) {
      expect(body).not.toContain("owner@example.com");
      expect(body).not.toContain("fwk_");
      expect(body).not.toContain(w.owner.user_id);
      expect(body).not.toContain("project_id");
    }
    expect((await as(app, w.owner)("PATCH", `/private/editor/documents/${w.form_document}`, { published: false })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/v1/${w.form}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/d/e/${w.form}`, headers: { accept: "text/html" } })).statusCode).toBe(404);
  });
});
