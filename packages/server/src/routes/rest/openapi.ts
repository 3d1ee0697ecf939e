/**
 * `GET /rest/v1/`: the profile's tables as an OpenAPI 2.0 document in PostgREST's shape
 * (one definition per table, properties with `type` and `format`, the key marked `<pk/>`),
 * so tools made for PostgREST and the Definition & API page read it alike.
 */
import { formatClassOf, isArrayFormat } from "@fieldwork/core";
import type { CatalogColumn } from "../../query/catalog";
import type { ApiTable } from "../../query/tables";

type JsonSchema = Record<string, unknown>;

function jsonType(format: string): JsonSchema {
  if (isArrayFormat(format)) return { type: "array", items: jsonType(format.slice(0, -2)) };
  if (["integer", "bigint", "smallint"].includes(format)) return { type: "integer" };
  if (["numeric", "real", "double precision"].includes(format)) return { type: "number" };
  if (format === "boolean") return { type: "boolean" };
  if (formatClassOf(format) === "json") return {};
  return { type: "string" };
}

function property(column: CatalogColumn, key: readonly string[]): JsonSchema {
  const notes = [
    key.includes(column.name) ? "Note:\nThis is a Primary Key.<pk/>" : null,
    column.writable ? null : "Read only: Fieldwork writes it.",
  ].filter(Boolean);
  return { format: column.format, ...jsonType(column.format), ...(notes.length ? { description: notes.join("\n") } : {}) };
}

const rowFilter = (table: string, column: string) => ({ name: column, in: "query", required: false, type: "string", format: `${table}.${column}` });

export function openApiDocument(options: { profile: string; basePath: string; host: string; tables: (ApiTable & { description: string })[] }) {
  const definitions: Record<string, JsonSchema> = {};
  const paths: Record<string, JsonSchema> = {
    "/": { get: { produces: ["application/openapi+json", "application/json"], summary: "This document.", responses: { 200: { description: "OK" } } } },
  };
  for (const { catalog, description } of options.tables) {
    const visible = catalog.columns.filter((c) => !c.hidden);
    definitions[catalog.name] = {
      description,
      type: "object",
      required: visible.filter((c) => !c.nullable && !c.has_default && c.writable).map((c) => c.name),
      properties: Object.fromEntries(visible.map((c) => [c.name, property(c, catalog.key)])),
    };
    const filters = visible.map((c) => rowFilter(catalog.name, c.name));
    const common = [
      { $ref: "#/parameters/select" }, { $ref: "#/parameters/order" }, { $ref: "#/parameters/range" },
      { $ref: "#/parameters/rangeUnit" }, { $ref: "#/parameters/offset" }, { $ref: "#/parameters/limit" },
      { $ref: "#/parameters/preferCount" },
    ];
    const ok = { 200: { description: "OK", schema: { type: "array", items: { $ref: `#/definitions/${catalog.name}` } } }, 206: { description: "Partial Content" } };
    const body = { name: catalog.name, in: "body", required: false, schema: { $ref: `#/definitions/${catalog.name}` } };
    paths[`/${catalog.name}`] = {
      get: { tags: [catalog.name], summary: description, parameters: [...filters, ...common], responses: ok },
      ...(catalog.read_only ? {} : {
        post: { tags: [catalog.name], parameters: [body, { $ref: "#/parameters/select" }, { $ref: "#/parameters/preferPost" }], responses: { 201: { description: "Created" } } },
        patch: { tags: [catalog.name], parameters: [...filters, body, { $ref: "#/parameters/preferReturn" }], responses: { 204: { description: "No Content" } } },
        delete: { tags: [catalog.name], parameters: [...filters, { $ref: "#/parameters/preferReturn" }], responses: { 204: { description: "No Content" } } },
      }),
    };
  }
  const header = (name: string, description: string, values?: string[]) => ({
    name, in: "header", required: false, type: "string", description, ...(values ? { enum: values } : {}),
  });
  return {
    swagger: "2.0",
    info: { title: "Fieldwork Data API", description: `The tables of the ${options.profile} schema, in PostgREST syntax.`, version: "1" },
    host: options.host,
    basePath: options.basePath,
    schemes: ["http", "https"],
    consumes: ["application/json"],
    produces: ["application/json", "application/vnd.pgrst.object+json", "text/csv", "application/x-ndjson"],
    paths,
    definitions,
    parameters: {
      select: { name: "select", in: "query", required: false, type: "string", description: "Columns to return: a,b,alias:c" },
      order: { name: "order", in: "query", required: false, type: "string", description: "col.asc|desc[.nullsfirst|.nullslast],…" },
      range: header("Range", "Rows to return, e.g. 0-24"),
      rangeUnit: { ...header("Range-Unit", "Unit of Range"), default: "items" },
      offset: { name: "offset", in: "query", required: false, type: "string", description: "Rows to skip" },
      limit: { name: "limit", in: "query", required: false, type: "string", description: "Rows to return at most" },
      preferCount: header("Prefer", "Count the matching rows", ["count=exact", "count=planned", "count=estimated"]),
      preferReturn: header("Prefer", "What to answer", ["return=representation", "return=minimal"]),
      preferPost: header("Prefer", "What to answer, and upserts", ["return=representation", "return=minimal", "resolution=merge-duplicates", "resolution=ignore-duplicates"]),
    },
  };
}
