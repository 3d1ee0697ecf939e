/**
 * bench:grid's table: a 20-field form (text, email, tel, textarea, numbers, dates, date-times,
 * a time, booleans, a radio, checkboxes, a select, a url) and one `insert … select` that fills
 * its managed table with ROWS deterministic rows, every value derived from the series number
 * through `hashint8`, so two runs measure the same data.
 *
 * Distributions worth knowing when reading the results: ~10% nulls in optional columns; names
 * from 40 first × 40 last names; bio 6–20 words drawn from WORDS with a cubic skew (the first
 * words in most rows, the last in ~3%), plus one of RARE_WORDS in 0.1% of rows (~100 rows each).
 */
import pg from "pg";

/** BENCH_ROWS overrides it for a quick trial run. */
export const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

export const FIRST_NAMES = [
  "Ada", "Grace", "Alan", "Linus", "Margaret", "Edsger", "Barbara", "Donald", "Frances", "John",
  "Mary", "James", "Katherine", "Dennis", "Ken", "Radia", "Tim", "Hedy", "Claude", "Sophie",
  "Niklaus", "Anita", "Adele", "Jean", "Karen", "Leslie", "Marvin", "Shafi", "Whitfield", "Yukihiro",
  "Guido", "Bjarne", "Ole", "Evelyn", "Carl", "Elena", "Omar", "Priya", "Wei", "Fatima",
];
export const LAST_NAMES = [
  "Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy",
  "Johnson", "Wilson", "Anderson", "Jackson", "Thompson", "Ritchie", "Perlman", "Lee", "Lamarr", "Shannon",
  "Wirth", "Borg", "Goldberg", "Bartik", "Sparck", "Lamport", "Minsky", "Goldwasser", "Diffie", "Matsumoto",
  "Rossum", "Stroustrup", "Dahl", "Berners", "Adams", "Nakamura", "Garcia", "Okafor", "Kowalski", "Novak",
];
const CITIES = [
  "London", "Paris", "Berlin", "Madrid", "Rome", "Lisbon", "Dublin", "Amsterdam", "Brussels", "Vienna",
  "Prague", "Warsaw", "Oslo", "Stockholm", "Helsinki", "Copenhagen", "Zurich", "Athens", "Istanbul", "Cairo",
  "Lagos", "Nairobi", "Mumbai", "Delhi", "Tokyo", "Osaka", "Seoul", "Sydney", "Toronto", "Lima",
];
export const WORDS = [
  "the", "and", "data", "work", "team", "love", "coffee", "music", "open", "source", "travel", "design",
  "people", "build", "learn", "write", "code", "garden", "family", "books", "city", "weekend", "running",
  "science", "food", "film", "games", "photo", "art", "history", "cooking", "hiking", "football", "chess",
  "guitar", "piano", "dance", "yoga", "cycling", "swimming", "climbing", "sailing", "birds", "cats", "dogs",
  "horses", "tea", "wine", "beer", "bread", "cheese", "startup", "research", "teaching", "nursing",
  "finance", "marketing", "sales", "support", "product", "engineering", "physics", "biology", "chemistry",
  "maths", "statistics", "poetry", "novels", "theatre", "opera", "jazz", "rock", "folk", "painting",
  "pottery", "knitting", "woodwork", "robots", "rockets", "stars", "ocean", "mountains", "forest", "desert",
  "islands", "rivers", "trains", "maps", "languages", "volunteering", "mentoring", "podcasts", "radio",
  "printing", "typography", "accessibility", "privacy", "security", "compilers", "databases", "kernels",
  "networks", "graphics", "audio", "keyboards", "origami", "juggling", "beekeeping", "astronomy", "geology",
  "archaeology", "linguistics", "calligraphy", "fencing", "rowing", "curling", "polo", "falconry",
];
export const RARE_WORDS = [
  "zeppelin", "quokka", "xylophone", "narwhal", "sextant", "theremin", "axolotl", "bagpipes", "gyroscope", "kazoo",
];
export const TAGS = ["red", "green", "blue", "yellow", "purple", "orange", "black", "white"];
const PLANS = ["free", "starter", "team", "business", "enterprise"];
/** Weighted draw: free 50%, starter 20%, team 15%, business 10%, enterprise 5%. */
const PLAN_DRAW = [...Array(10).fill("free"), ...Array(4).fill("starter"), ...Array(3).fill("team"), "business", "business", "enterprise"];
const COUNTRIES = [
  "US", "GB", "DE", "FR", "IN", "BR", "JP", "NG", "CA", "ES", "IT", "NL", "SE", "PL", "MX",
  "AU", "KE", "KR", "AR", "ZA", "PT", "IE", "NO", "FI", "DK", "CH", "AT", "BE", "CZ", "GR",
];
const DOMAINS = ["example.com", "mail.example.org", "uni.example.edu", "corp.example.net", "post.example.io", "inbox.example.de"];

const options = (values: string[]) => values.map((value) => ({ value, label: value }));

export const GRID_FORM = {
  title: "Grid bench people",
  fields: [
    { name: "name", type: "text", label: "Name", required: true },
    { name: "city", type: "text", label: "City" },
    { name: "email", type: "email", label: "Email" },
    { name: "phone", type: "tel", label: "Phone" },
    { name: "bio", type: "textarea", label: "Bio" },
    { name: "age", type: "number", label: "Age", min: 0, max: 200 },
    { name: "score", type: "number", label: "Score" },
    { name: "amount", type: "number", label: "Amount" },
    { name: "quantity", type: "number", label: "Quantity" },
    { name: "born", type: "date", label: "Born" },
    { name: "joined", type: "date", label: "Joined" },
    { name: "seen_at", type: "datetime-local", label: "Seen at" },
    { name: "last_login", type: "datetime-local", label: "Last login" },
    { name: "wakes", type: "time", label: "Wakes" },
    { name: "vip", type: "checkbox", label: "VIP" },
    { name: "active", type: "checkbox", label: "Active" },
    { name: "plan", type: "radio", label: "Plan", options: options(PLANS) },
    { name: "tags", type: "checkboxes", label: "Tags", options: options(TAGS) },
    { name: "country", type: "select", label: "Country", options: options(COUNTRIES) },
    { name: "website", type: "url", label: "Website" },
  ],
  blocks: [],
};

/** A hash of the series number and a per-use salt: 0 … 2³¹−1. */
const h = (k: number | string) => `pg_temp.h(g, ${k})`;
const u = (k: number | string) => `(${h(k)} / 2147483648.0)`;
const nullOneIn = (n: number, k: number, value: string) => `case when ${h(k)} % ${n} = 0 then null else ${value} end`;

/** Column → expression over `g` (the series number) and `f.first`, `f.last`; $1… are the lists. */
const VALUES: Record<string, string> = {
  local_index: "g",
  created_at: "timestamptz '2025-01-01 00:00:00+00' + (g - 1) * interval '31.536 seconds'",
  utc_offset: "0",
  name: "f.first || ' ' || f.last",
  city: nullOneIn(10, 3, `($3::text[])[1 + ${h(4)} % 30]`),
  email: nullOneIn(10, 5, `lower(f.first) || '.' || lower(f.last) || g || '@' || ($4::text[])[1 + ${h(6)} % 6]`),
  phone: nullOneIn(10, 7, `'+1 555 ' || lpad((${h(8)} % 10000000)::text, 7, '0')`),
  bio: nullOneIn(10, 9, `(select string_agg(($5::text[])[1 + floor(power(${u("100 + i")}, 3) * cardinality($5::text[]))::int], ' ')
      from generate_series(1, 6 + ${h(10)} % 15) i)
    || case when ${h(11)} % 1000 = 0 then ' ' || ($6::text[])[1 + (${h(11)} / 1000) % 10] else '' end`),
  age: nullOneIn(10, 12, `18 + ${h(13)} % 73`),
  score: nullOneIn(10, 14, `round((${u(15)} * 100)::numeric, 1)`),
  amount: nullOneIn(10, 16, `round((power(${u(17)}, 2) * 10000)::numeric, 2)`),
  quantity: nullOneIn(10, 18, `1 + ${h(19)} % 50`),
  born: nullOneIn(10, 20, `date '1940-01-01' + (${h(21)} % 25000)::int`),
  joined: nullOneIn(10, 22, `date '2015-01-01' + (${h(23)} % 4000)::int`),
  seen_at: nullOneIn(10, 24, `timestamptz '2025-01-01 00:00:00+00' + ${h(25)} % 31536000 * interval '1 second'`),
  last_login: nullOneIn(10, 26, `timestamptz '2025-06-01 00:00:00+00' + ${h(27)} % 15552000 * interval '1 second'`),
  wakes: nullOneIn(10, 28, `time '05:00' + ${h(29)} % 14400 * interval '1 second'`),
  vip: `case ${h(30)} % 10 when 0 then null when 1 then true when 2 then true else false end`,
  active: nullOneIn(20, 31, `${h(32)} % 5 <> 0`),
  plan: nullOneIn(20, 33, `($7::text[])[1 + ${h(34)} % 20]`),
  tags: nullOneIn(10, 35, `array(select t from unnest($8::text[]) with ordinality x(t, i) where ${h("200 + i::int")} % 4 = 0)`),
  country: nullOneIn(10, 36, `($9::text[])[1 + floor(power(${u(37)}, 2) * 30)::int]`),
  website: `case when ${h(38)} % 2 = 0 then 'https://' || lower(f.last) || g % 997 || '.example.com' end`,
};

/**
 * How another table takes these rows (bench/grid-external.ts): columns renamed (`null` leaves
 * one out) and casts added to a column's expression (text into an enum column).
 */
export interface RowTarget { rename?: Record<string, string | null>; casts?: Record<string, string> }

/** Creates `pg_temp.h`, the row hash the value expressions use, on this session. */
export async function createRowHash(client: pg.ClientBase): Promise<void> {
  await client.query(`create function pg_temp.h(g bigint, k bigint) returns bigint language sql immutable
      as $$ select (hashint8(g * 1000 + k) & 2147483647)::bigint $$`);
}

/** Inserts the rows numbered `from` … `to` into `table` (a quoted, qualified name); needs createRowHash. */
export async function insertRows(client: pg.ClientBase, table: string, from: number, to: number, target: RowTarget = {}): Promise<void> {
  const kept = Object.entries(VALUES).flatMap(([column, value]) => {
    const name = target.rename && column in target.rename ? target.rename[column] : column;
    if (name === null || name === undefined) return [];
    const cast = target.casts?.[name];
    return [{ name, value: cast ? `(${value})::${cast}` : value }];
  });
  await client.query(`
    insert into ${table} (${kept.map((c) => `"${c.name}"`).join(", ")})
    select ${kept.map((c) => c.value).join(",\n  ")}
    from generate_series($1::int, $11::int) g
    cross join lateral (select ($2::text[])[1 + ${h(1)} % 40] as first, ($10::text[])[1 + ${h(2)} % 40] as last) f`,
  [from, FIRST_NAMES, CITIES, DOMAINS, WORDS, RARE_WORDS, PLAN_DRAW, TAGS, COUNTRIES, LAST_NAMES, to]);
}

/** Fills the form's table; answers the seconds the insert and the VACUUM ANALYZE took. */
export async function loadRows(databaseUrl: string, formId: string, tableName: string): Promise<{ insert: number; vacuum: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Session settings only (the table and its indexes stay as Fieldwork made them): memory for
    // the GIN pending-list merges, and no wait for the WAL flush of a scratch load.
    await client.query("set work_mem = '256MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off");
    await createRowHash(client);
    const started = performance.now();
    await insertRows(client, `form_data."${tableName}"`, 1, ROWS);
    const insert = (performance.now() - started) / 1000;
    await client.query("update form set response_count = $2 where id = $1", [formId, ROWS]);
    const vacuumStarted = performance.now();
    await client.query(`vacuum analyze form_data."${tableName}"`);
    return { insert, vacuum: (performance.now() - vacuumStarted) / 1000 };
  } finally {
    await client.end();
  }
}
