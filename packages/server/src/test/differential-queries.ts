/**
 * The Data API's differential test data: ~300 deterministic rows for the fixture's "people"
 * table, and read queries written twice, once through postgrest-js and once by hand in SQL.
 * The hand-written SQL spells out what the API promises: `*` wildcards as `%`, the key `id`
 * appended to every order in the direction of its last term (unless `id` or `local_index`
 * is already there), `local_index asc` when a query names no order, and a text search on
 * `__fw_search` without a configuration in the configuration the vector was built with
 * (`simple`).
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

export const SEEDED_ROWS = 300;

/** Names repeat (about 12 rows each) so an order on `name` needs the tiebreaker. */
const NAMES = [
  "Ada Lovelace", "ada lovelace", "Ada", "O'Brien", 'Dwayne "The Rock" Johnson', "Zoë Ångström", "José Núñez",
  "李雷", "100% Pure", "50%", "under_score", "Bob (Jr.), III", "a,b", "  padded  ", "back\\slash", "Émile Zola",
  "anne-marie", "Anne-Marie", "zed", "ZED", "Ünal", "🙂 smiley", "x.y.z", "*star*",
];
const BIO_WORDS = [
  "cat", "cats", "dog", "dogs", "running", "runs", "quick", "brown", "fox", "lazy", "the", "and", "garden",
  "Paris", "café", "naïve", "jumps", "over", "data", "science",
];
const AGES = [0, 1, 17, 18, 18, 21, 30, 30, 30.5, 42, 42, 64.25, 65, 99, 120, 200];
const TAGS = ["red", "green", "blue", "a,b", 'quo"te'];
const PLANS = ["free", "team", "enterprise"];
const CREATED = ["2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", "2024-01-02T12:30:00Z", "2024-02-01T08:00:00Z", "2024-03-15T23:59:59.5Z"];

/** mulberry32: the same sequence on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedRow {
  id: string; local_index: number; created_at: string; name: string; email: string | null; bio: string | null;
  age: number | null; born: string | null; seen_at: string | null; wakes: string | null; vip: boolean | null;
  plan: string | null; tags: string[] | null;
}

export function seedRows(count = SEEDED_ROWS): SeedRow[] {
  const next = random(20_240_101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const int = (below: number) => Math.floor(next() * below);
  /** About 15% nulls in every optional column. */
  const maybe = <T>(make: () => T): T | null => (next() < 0.15 ? null : make());
  const hex = (digits: number) => Array.from({ length: digits }, () => int(16).toString(16)).join("");
  const two = (n: number) => String(n).padStart(2, "0");
  return Array.from({ length: count }, (_, i) => ({
    id: `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`,
    local_index: i + 1,
    created_at: pick(CREATED),
    name: pick(NAMES),
    email: maybe(() => `${pick(["ada", "bob", "zoe", "li"])}${int(40)}@example.${pick(["org", "com"])}`),
    bio: maybe(() => Array.from({ length: 3 + int(7) }, () => pick(BIO_WORDS)).join(next() < 0.2 ? ", " : " ")),
    age: maybe(() => (next() < 0.5 ? pick(AGES) : int(101))),
    born: maybe(() => `${1940 + int(70)}-${two(1 + int(12))}-${two(1 + int(28))}`),
    seen_at: maybe(() => `2024-${two(1 + int(6))}-${two(1 + int(28))}T${two(int(24))}:${two(int(4) * 15)}:00${pick(["Z", "+02:00", "-05:30"])}`),
    wakes: maybe(() => pick(["05:45", "06:00", "06:30:15.5", "07:00", "07:30", "08:00", "09:15", "23:59:59"])),
    vip: maybe(() => next() < 0.3),
    plan: maybe(() => pick(PLANS)),
    tags: maybe(() => TAGS.filter(() => next() < 0.35)),
  }));
}

/** Writes the rows straight into the form's table, moves the form's counter past them, analyzes. */
export async function seedPeople(db: Kysely<DB>, table: string, formId: string, rows = seedRows()): Promise<SeedRow[]> {
  const target = sql.id("form_data", table);
  await sql`
    insert into ${target} (id, local_index, created_at, name, email, bio, age, born, seen_at, wakes, vip, plan, tags)
    select id, local_index, created_at, name, email, bio, age, born, seen_at, wakes, vip, plan, tags
    from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`.execute(db);
  await sql`update form set response_count = ${rows.length}::int, last_local_index = ${rows.length}::int where id = ${formId}`.execute(db);
  await sql`analyze ${target}`.execute(db);
  return rows;
}

/** The same query by hand: `select <select> from <table> where <where> order by <order> limit offset`. */
export interface HandQuery {
  /** Column list; absent: every column but `__fw_search`, in table order (what `select=*` means). */
  select?: string;
  where?: string;
  order: string;
  limit?: number;
  offset?: number;
}

type People = ReturnType<PostgrestClient["from"]>;

export interface ApiAnswer {
  data: unknown;
  error: { code?: string; message?: string } | null;
  count: number | null;
  status: number;
}

export interface ReadCase {
  name: string;
  api: (people: People) => PromiseLike<ApiAnswer>;
  sql: HandQuery;
  /** Compare `count` with the hand-written count of `sql.where` (planned: with EXPLAIN's estimate). */
  count?: "exact" | "planned" | "estimated";
  /** HEAD: no body, only the count. */
  head?: boolean;
  /** `.single()`: the one row as an object. */
  single?: boolean;
  /** The hand-written result is meant to be empty (otherwise an empty result fails the case). */
  empty?: boolean;
}

const c = (name: string, api: ReadCase["api"], query: HandQuery, extra: Partial<ReadCase> = {}): ReadCase =>
  ({ name, api, sql: query, ...extra });

const BY_INDEX = "local_index asc";

/** The cases, naming an id and dates of `rows` (the seeded rows) so those cases match something. */
export function readCases(rows: readonly SeedRow[]): ReadCase[] {
  const id = rows[41]!.id;
  const dated = rows.filter((r) => r.born !== null);
  const [born1, born2] = [dated[3]!.born!, dated[17]!.born!];
  return [
    // Comparisons on every type.
    c("eq on text", (p) => p.select("*").eq("plan", "team"), { where: "plan = 'team'", order: BY_INDEX }),
    c("eq on unicode text", (p) => p.select("*").eq("name", "Zoë Ångström"), { where: "name = 'Zoë Ångström'", order: BY_INDEX }),
    c("eq on text with a quote, comma and parentheses", (p) => p.select("id,name").eq("name", "Bob (Jr.), III"),
      { select: "id, name", where: "name = 'Bob (Jr.), III'", order: BY_INDEX }),
    c("eq on boolean", (p) => p.select("*").eq("vip", false), { where: "vip = false", order: BY_INDEX }),
    c("eq on an empty array", (p) => p.select("id,tags").eq("tags", "{}"), { select: "id, tags", where: "tags = '{}'", order: BY_INDEX }),
    c("neq on text with a quote", (p) => p.select("*").neq("name", "O'Brien"), { where: "name <> 'O''Brien'", order: BY_INDEX }),
    c("neq leaves nulls out", (p) => p.select("id,plan").neq("plan", "free"), { select: "id, plan", where: "plan <> 'free'", order: BY_INDEX }),
    c("gt on numeric with decimals", (p) => p.select("id,age").gt("age", 30.5), { select: "id, age", where: "age > 30.5", order: BY_INDEX }),
    c("gte and lte on the same column", (p) => p.select("id,age").gte("age", 18).lte("age", 42),
      { select: "id, age", where: "age >= 18 and age <= 42", order: BY_INDEX }),
    c("lt on date", (p) => p.select("id,born").lt("born", "1960-06-15"), { select: "id, born", where: "born < '1960-06-15'", order: BY_INDEX }),
    c("gte on timestamptz with an offset", (p) => p.select("id,seen_at").gte("seen_at", "2024-04-01T10:00:00+02:00"),
      { select: "id, seen_at", where: "seen_at >= '2024-04-01T08:00:00Z'", order: BY_INDEX }),
    c("lte on time", (p) => p.select("id,wakes").lte("wakes", "06:30:15.5"), { select: "id, wakes", where: "wakes <= '06:30:15.5'", order: BY_INDEX }),
    c("eq on uuid", (p) => p.select("*").eq("id", id), { where: `id = '${id}'`, order: BY_INDEX }),

    // like / ilike: `*` and `%` are both wildcards; `\%` is a literal percent sign.
    c("like with * wildcards", (p) => p.select("id,name").like("name", "*Ada*"), { select: "id, name", where: "name like '%Ada%'", order: BY_INDEX }),
    c("like with % wildcards, as postgrest-js sends them", (p) => p.select("id,name").like("name", "%ov%"),
      { select: "id, name", where: "name like '%ov%'", order: BY_INDEX }),
    c("like matching a literal percent sign", (p) => p.select("id,name").like("name", "*\\%*"), { select: "id, name", where: "name like '%\\%%'", order: BY_INDEX }),
    c("ilike ignores case", (p) => p.select("id,name").ilike("name", "ada*"), { select: "id, name", where: "name ilike 'ada%'", order: BY_INDEX }),
    c("ilike on unicode", (p) => p.select("id,name").ilike("name", "*ÅNGSTRÖM"), { select: "id, name", where: "name ilike '%ÅNGSTRÖM'", order: BY_INDEX }),

    // is, in.
    c("is null", (p) => p.select("id,email").is("email", null), { select: "id, email", where: "email is null", order: BY_INDEX }),
    c("is true", (p) => p.select("id,vip").is("vip", true), { select: "id, vip", where: "vip is true", order: BY_INDEX }),
    c("is false", (p) => p.select("id,vip").is("vip", false), { select: "id, vip", where: "vip is false", order: BY_INDEX }),
    c("is null on boolean", (p) => p.select("id,vip").is("vip", null), { select: "id, vip", where: "vip is null", order: BY_INDEX }),
    c("in on text with quoted items", (p) => p.select("id,name").in("name", ["a,b", 'Dwayne "The Rock" Johnson', "Bob (Jr.), III", "李雷"]),
      { select: "id, name", where: "name in ('a,b', 'Dwayne \"The Rock\" Johnson', 'Bob (Jr.), III', '李雷')", order: BY_INDEX }),
    c("in on numeric", (p) => p.select("id,age").in("age", [18, 30.5, 64.25]), { select: "id, age", where: "age in (18, 30.5, 64.25)", order: BY_INDEX }),
    c("in on date", (p) => p.select("id,born").in("born", [born1, born2]),
      { select: "id, born", where: `born in ('${born1}', '${born2}')`, order: BY_INDEX }),

    // Arrays.
    c("cs on tags", (p) => p.select("id,tags").contains("tags", ["red", "blue"]), { select: "id, tags", where: "tags @> '{red,blue}'", order: BY_INDEX }),
    c("cs with an element holding a comma", (p) => p.select("id,tags").contains("tags", '{"a,b"}'),
      { select: "id, tags", where: "tags @> array['a,b']", order: BY_INDEX }),
    c("cd on tags (empty arrays included)", (p) => p.select("id,tags").containedBy("tags", ["red", "green"]),
      { select: "id, tags", where: "tags <@ '{red,green}'", order: BY_INDEX }),
    c("ov on tags with a quoted element", (p) => p.select("id,tags").overlaps("tags", '{green,"quo\\"te"}'),
      { select: "id, tags", where: "tags && array['green', 'quo\"te']", order: BY_INDEX }),

    // Text search.
    c("fts on __fw_search (its own configuration, simple)", (p) => p.select("id,bio").textSearch("__fw_search", "cat & dog"),
      { select: "id, bio", where: "__fw_search @@ to_tsquery('simple', 'cat & dog')", order: BY_INDEX }),
    c("fts(english) on __fw_search", (p) => p.select("id,bio").textSearch("__fw_search", "cats", { config: "english" }),
      { select: "id, bio", where: "__fw_search @@ to_tsquery('english', 'cats')", order: BY_INDEX }),
    c("plfts on __fw_search", (p) => p.select("id,bio").textSearch("__fw_search", "quick fox", { type: "plain" }),
      { select: "id, bio", where: "__fw_search @@ plainto_tsquery('simple', 'quick fox')", order: BY_INDEX }),
    c("phfts on __fw_search", (p) => p.select("id,bio").textSearch("__fw_search", "brown fox", { type: "phrase" }),
      { select: "id, bio", where: "__fw_search @@ phraseto_tsquery('simple', 'brown fox')", order: BY_INDEX }),
    c("wfts on __fw_search", (p) => p.select("id,bio").textSearch("__fw_search", "garden -lazy", { type: "websearch" }),
      { select: "id, bio", where: "__fw_search @@ websearch_to_tsquery('simple', 'garden -lazy')", order: BY_INDEX }),
    // fts/plfts/phfts/wfts on a plain text column are refused (TEXT_SEARCH_NOT_INDEXED, issue 19):
    // routes/rest/rest-load.test.ts.

    // Negation, logic trees, filter(), match().
    c("not eq keeps rows where the comparison is false, not null", (p) => p.select("id,plan").not("plan", "eq", "free"),
      { select: "id, plan", where: "not (plan = 'free')", order: BY_INDEX }),
    c("not is null", (p) => p.select("id,email").not("email", "is", null), { select: "id, email", where: "email is not null", order: BY_INDEX }),
    c("not in", (p) => p.select("id,age").not("age", "in", "(18,30,42)"), { select: "id, age", where: "not (age in (18, 30, 42))", order: BY_INDEX }),
    c("not cs", (p) => p.select("id,tags").not("tags", "cs", "{red}"), { select: "id, tags", where: "not (tags @> '{red}')", order: BY_INDEX }),
    c("not ilike", (p) => p.select("id,name").not("name", "ilike", "*a*"), { select: "id, name", where: "not (name ilike '%a%')", order: BY_INDEX }),
    c("not fts", (p) => p.select("id,bio").not("__fw_search", "fts", "cat"), { select: "id, bio", where: "not (__fw_search @@ to_tsquery('simple', 'cat'))", order: BY_INDEX }),
    c("or with a nested and", (p) => p.select("id,age,plan,vip").or("age.lt.18,and(plan.eq.team,vip.is.true)"),
      { select: "id, age, plan, vip", where: "age < 18 or (plan = 'team' and vip is true)", order: BY_INDEX }),
    c("or nested three deep", (p) => p.select("id,age,plan,vip,tags").or("plan.is.null,and(age.gte.50,or(vip.is.false,tags.cs.{red}))"),
      { select: "id, age, plan, vip, tags", where: "plan is null or (age >= 50 and (vip is false or tags @> '{red}'))", order: BY_INDEX }),
    c("not.or inside or", (p) => p.select("id,plan,vip,age").or("not.or(plan.eq.free,vip.is.true),age.eq.200"),
      { select: "id, plan, vip, age", where: "not (plan = 'free' or vip is true) or age = 200", order: BY_INDEX }),
    // postgrest-js has no not.or of its own: `or` with the referenced table "not" sends the key `not.or`.
    c("top-level not.or", (p) => p.select("id,plan,vip").or("plan.eq.free,vip.is.true", { referencedTable: "not" }),
      { select: "id, plan, vip", where: "not (plan = 'free' or vip is true)", order: BY_INDEX }),
    c("not.and inside or, with quoted values", (p) => p.select("id,name,plan").or('not.and(name.neq."a,b",plan.neq.team),name.eq."O\'Brien"'),
      { select: "id, name, plan", where: "not (name <> 'a,b' and plan <> 'team') or name = 'O''Brien'", order: BY_INDEX }),
    c("or with in, ilike and a negated filter", (p) => p.select("id,name,age,email").or("age.in.(0,1,200),name.ilike.*ZED*,email.not.like.*.org"),
      { select: "id, name, age, email", where: "age in (0, 1, 200) or name ilike '%ZED%' or not (email like '%.org')", order: BY_INDEX }),
    c("or and a top-level filter are and-ed", (p) => p.select("id,plan,age").eq("plan", "free").or("age.lt.20,age.gt.90"),
      { select: "id, plan, age", where: "plan = 'free' and (age < 20 or age > 90)", order: BY_INDEX }),
    c("filter() with in", (p) => p.select("id,plan").filter("plan", "in", '("team","enterprise")'),
      { select: "id, plan", where: "plan in ('team', 'enterprise')", order: BY_INDEX }),
    c("filter() with not.cs", (p) => p.select("id,tags").filter("tags", "not.cs", '{"a,b"}'),
      { select: "id, tags", where: "not (tags @> array['a,b'])", order: BY_INDEX }),
    c("match() ands equalities", (p) => p.select("*").match({ plan: "team", vip: false }), { where: "plan = 'team' and vip = false", order: BY_INDEX }),

    // Orders and the `id` tiebreaker.
    c("order by a text column with duplicates gets id asc", (p) => p.select("id,name").order("name"),
      { select: "id, name", order: "name asc, id asc" }),
    c("order desc gets id desc", (p) => p.select("id,plan").order("plan", { ascending: false }),
      { select: "id, plan", order: "plan desc, id desc" }),
    c("two columns, nulls first then nulls last", (p) => p.select("id,plan,age").order("plan", { nullsFirst: true }).order("age", { ascending: false, nullsFirst: false }),
      { select: "id, plan, age", order: "plan asc nulls first, age desc nulls last, id desc" }),
    c("desc nulls last then asc nulls first", (p) => p.select("id,vip,born").order("vip", { ascending: false, nullsFirst: false }).order("born", { nullsFirst: true }),
      { select: "id, vip, born", order: "vip desc nulls last, born asc nulls first, id asc" }),
    c("order by created_at desc (many equal values)", (p) => p.select("id,created_at").order("created_at", { ascending: false }),
      { select: "id, created_at", order: "created_at desc, id desc" }),
    c("order by an array column", (p) => p.select("id,tags,wakes").order("tags").order("wakes", { ascending: false }),
      { select: "id, tags, wakes", order: "tags asc, wakes desc, id desc" }),
    c("a unique column in the order needs no tiebreaker", (p) => p.select("id,name,local_index").order("name", { ascending: false }).order("local_index"),
      { select: "id, name, local_index", order: "name desc, local_index asc" }),
    c("order by id alone", (p) => p.select("id").order("id", { ascending: false }), { select: "id", order: "id desc" }),
    c("order by a long text column, nulls filtered out", (p) => p.select("id,bio").not("bio", "is", null).order("bio").limit(20),
      { select: "id, bio", where: "bio is not null", order: "bio asc, id asc", limit: 20 }),

    // Slices.
    c("limit", (p) => p.select("id,name").order("name").limit(7), { select: "id, name", order: "name asc, id asc", limit: 7 }),
    c("limit 0", (p) => p.select("id").limit(0), { select: "id", order: BY_INDEX, limit: 0 }, { empty: true }),
    c("range in the middle", (p) => p.select("id,age").order("age", { nullsFirst: true }).range(40, 59),
      { select: "id, age", order: "age asc nulls first, id asc", limit: 20, offset: 40 }),
    c("range past the end", (p) => p.select("id").range(290, 320), { select: "id", order: BY_INDEX, limit: 31, offset: 290 }),
    c("Range header", (p) => p.select("id,plan").order("plan").setHeader("Range", "12-23"),
      { select: "id, plan", order: "plan asc, id asc", limit: 12, offset: 12 }),
    c("filters, order and range together", (p) => p.select("id,name,age").ilike("name", "*a*").gte("age", 10).order("age", { ascending: false }).range(5, 14),
      { select: "id, name, age", where: "name ilike '%a%' and age >= 10", order: "age desc, id desc", limit: 10, offset: 5 }),

    // Select lists.
    c("select with aliases", (p) => p.select("who:name, years:age, id"), { select: "name as who, age as years, id", order: BY_INDEX }),
    c("select a hidden column by name", (p) => p.select("id,__fw_search").limit(10), { select: "id, __fw_search", order: BY_INDEX, limit: 10 }),
    c("select * keeps every column but the search vector", (p) => p.select("*").order("born", { nullsFirst: true }).limit(50),
      { order: "born asc nulls first, id asc", limit: 50 }),

    // Counts.
    c("count=exact", (p) => p.select("id", { count: "exact" }).eq("vip", true).limit(5),
      { select: "id", where: "vip = true", order: BY_INDEX, limit: 5 }, { count: "exact" }),
    c("count=estimated (exact under 10,000 rows)", (p) => p.select("id", { count: "estimated" }).gt("age", 40).range(3, 9),
      { select: "id", where: "age > 40", order: BY_INDEX, limit: 7, offset: 3 }, { count: "estimated" }),
    c("count=planned", (p) => p.select("id", { count: "planned" }).eq("plan", "free").limit(3),
      { select: "id", where: "plan = 'free'", order: BY_INDEX, limit: 3 }, { count: "planned" }),
    c("count=planned of the whole table", (p) => p.select("id", { count: "planned" }).limit(3),
      { select: "id", order: BY_INDEX, limit: 3 }, { count: "planned" }),
    c("HEAD with count=exact", (p) => p.select("*", { count: "exact", head: true }).or("tags.ov.{red,blue},plan.eq.team"),
      { where: "tags && '{red,blue}' or plan = 'team'", order: BY_INDEX }, { count: "exact", head: true }),
    c("HEAD with count=estimated", (p) => p.select("*", { count: "estimated", head: true }).textSearch("__fw_search", "dog"),
      { where: "__fw_search @@ to_tsquery('simple', 'dog')", order: BY_INDEX }, { count: "estimated", head: true }),
    c("count=exact of an empty result", (p) => p.select("id", { count: "exact" }).eq("name", "nobody"),
      { select: "id", where: "name = 'nobody'", order: BY_INDEX }, { count: "exact", empty: true }),

    // One row.
    c("single() by id", (p) => p.select("*").eq("id", id).single(), { where: `id = '${id}'`, order: BY_INDEX }, { single: true }),
    c("single() of the first row in an order", (p) => p.select("id,name,age").order("age", { ascending: false, nullsFirst: false }).limit(1).single(),
      { select: "id, name, age", order: "age desc nulls last, id desc", limit: 1 }, { single: true }),
    c("maybeSingle() of one row", (p) => p.select("id,local_index").eq("local_index", 150).maybeSingle(),
      { select: "id, local_index", where: "local_index = 150", order: BY_INDEX }, { single: true }),
  ];
}
