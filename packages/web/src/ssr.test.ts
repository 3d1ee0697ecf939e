import { describe, expect, it } from "vitest";
import { renderFormPage, renderStatusPage, renderWorkbenchShell, STATUS_KINDS, WORKBENCH_ENTRY } from "./ssr";
import { samplePreload } from "./fixtures/sample-preload";

const assets = { scripts: ["/assets/entry-abc.js"], styles: ["/assets/entry-abc.css"] };

describe("renderFormPage", () => {
  const preload = samplePreload({
    title: "Hello </script><b>",
    lang: "fr",
    stylesheet: { appearance: "system", palette: "violet", font_family: "serif", section: null, custom_css: "body{}</style><script>x</script>" },
  });
  const page = renderFormPage({ preload, assets, submit_action: "/submit/f_sample", query: {} });

  it("is a full document with lang, viewport, title and theme attributes", () => {
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toMatch(/<html lang="fr" dir="ltr" class="no-js" data-appearance="system" data-palette="violet"/);
    expect(page).toContain('<meta name="viewport"');
    expect(page).toContain("<title>Hello &lt;/script&gt;&lt;b&gt;</title>");
  });

  it("sets html.js in the head before the stylesheet and body, and the color scheme for dark mode", () => {
    const script = page.indexOf("c.add('js')");
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(page.indexOf('<link rel="stylesheet"'));
    expect(page).toMatch(/<html[^>]*style="[^"]*color-scheme:light dark/);
  });

  it("carries the link preview's tags in the head, every value escaped", () => {
    const shared = renderFormPage({
      preload, assets, submit_action: "/submit/f_sample", query: {},
      share: {
        title: 'Hello "><script>x</script>', description: "It's <b>short</b> & sweet", url: "https://forms.example.com/d/e/f_sample",
        image_url: "https://forms.example.com/d/e/f_sample/og.png?v=1a2b3c4d", image_width: 1200, image_height: 630, lang: "fr",
      },
    });
    const head = shared.slice(0, shared.indexOf("</head>"));
    expect(head).toContain('<meta name="description" content="It&#39;s &lt;b&gt;short&lt;/b&gt; &amp; sweet">');
    expect(head).toContain('<link rel="canonical" href="https://forms.example.com/d/e/f_sample">');
    expect(head).toContain('<meta property="og:title" content="Hello &quot;&gt;&lt;script&gt;x&lt;/script&gt;">');
    expect(head).toContain('<meta property="og:type" content="website">');
    expect(head).toContain('<meta property="og:image" content="https://forms.example.com/d/e/f_sample/og.png?v=1a2b3c4d">');
    expect(head).toContain('<meta property="og:locale" content="fr">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    // A page rendered without them (a refused submit's) has none.
    expect(page).not.toContain('rel="canonical"');
  });

  it("shows a form with nothing in it as such, without a Submit button", () => {
    const empty = renderFormPage({ preload: samplePreload({ title: "Draft", blocks: [], tree: [], fields: [] }), assets, submit_action: "/submit/f", query: {} });
    expect(empty).toContain("This form has no questions yet.");
    expect(empty).not.toContain("<form");
  });

  it("links the stylesheet and the module script", () => {
    expect(page).toContain('<link rel="stylesheet" href="/assets/entry-abc.css">');
    expect(page).toContain('<script type="module" src="/assets/entry-abc.js"></script>');
  });

  it("puts inline CSS in the head, and the scripts and modulepreloads after the form and its preload", () => {
    const inline = { scripts: ["/assets/entry-abc.js"], styles: [], inlineStyles: ["main{gap:1rem}</style><b>"], preloads: ["/assets/shared-x.js"] };
    const html = renderFormPage({ preload, assets: inline, submit_action: "/submit/f_sample", query: {} });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<style>main{gap:1rem}<\\/style><b></style>");
    expect(head).not.toContain("<link");
    const json = html.indexOf('<script type="application/json"');
    expect(html.indexOf("<input")).toBeLessThan(json);
    expect(html.indexOf('<link rel="modulepreload" href="/assets/shared-x.js">')).toBeGreaterThan(json);
    expect(html.endsWith('<script type="module" src="/assets/entry-abc.js"></script></body></html>')).toBe(true);
  });

  it("preloads Inter only for a form drawn in Inter", () => {
    const fonts = { ...assets, fonts: ["/assets/inter-latin.woff2"] };
    const preloadTag = '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin.woff2" crossorigin>';
    const inter = samplePreload({ stylesheet: { appearance: "light", palette: "blue", font_family: "inter", section: null, custom_css: null } });
    expect(renderFormPage({ preload: inter, assets: fonts, submit_action: "/submit/f", query: {} })).toContain(preloadTag);
    expect(renderFormPage({ preload, assets: fonts, submit_action: "/submit/f", query: {} })).not.toContain("inter-latin");
  });

  it("embeds the preload as JSON that cannot break out of its script element", () => {
    const match = /<script type="application\/json" id="__fw_preload">([\s\S]*?)<\/script>/.exec(page);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain("<");
    expect(JSON.parse(match![1]!)).toEqual(preload);
  });

  it("keeps owner CSS inside its style element", () => {
    expect(page).toContain("body{}<\\/style><script>x</script>");
  });

  it("server-renders the form inside #root with the submit action", () => {
    expect(page).toMatch(/<div id="root" data-submit-action="\/submit\/f_sample"><main/);
    expect(page).toContain('data-section-id="s2"');
  });
});

describe("renderStatusPage", () => {
  const form = { id: "f1", title: "Survey", lang: "en", stylesheet: samplePreload().stylesheet };

  it("renders every kind as a static page without scripts", () => {
    for (const kind of STATUS_KINDS) {
      const page = renderStatusPage({ kind, form, query: {}, assets });
      expect(page.startsWith("<!doctype html>")).toBe(true);
      expect(page).toContain('<link rel="stylesheet" href="/assets/entry-abc.css">');
      expect(page).not.toContain('type="module"');
    }
  });

  it("says what happened", () => {
    const says = (kind: (typeof STATUS_KINDS)[number], query: Record<string, string> = {}) => renderStatusPage({ kind, form, query, assets });
    expect(says("formclosed")).toContain("This form is closed");
    expect(says("formclosed", { oops: "FORM_SCHEDULE_NOT_IN_RANGE" })).toContain("This form is not open right now");
    expect(says("alreadyresponded")).toContain("You have already responded");
    expect(says("formsoldout")).toContain("Sold out");
    expect(says("formoptionsoldout")).toContain("An option you chose is sold out");
    expect(says("developererror")).toContain("Something went wrong");
    expect(says("complete")).toContain("Your response has been recorded.");
    expect(says("notfound")).toContain("Form not found");
    const bad = says("badrequest", { error: "MISSING_REQUIRED_HIDDEN_FIELDS" });
    expect(bad).toContain("MISSING_REQUIRED_HIDDEN_FIELDS");
    expect(bad).toContain("Required hidden fields were not supplied.");
    expect(bad).toContain('href="/d/e/f1"');
  });

  it("escapes the query it shows", () => {
    expect(renderStatusPage({ kind: "badrequest", form: null, query: { error: "<img onerror=x>" }, assets })).not.toContain("<img onerror");
  });
});

describe("renderWorkbenchShell", () => {
  const shell = renderWorkbenchShell({ assets: { scripts: ["/assets/workbench-b.js"], styles: ["/assets/workbench-b.css"], preloads: ["/assets/shared-c.js"] } });

  it("is a full document that follows the system's light or dark setting", () => {
    expect(shell.startsWith("<!doctype html>")).toBe(true);
    expect(shell).toMatch(/<html lang="en"[^>]*style="[^"]*color-scheme:light dark/);
    expect(shell).toContain('<meta name="color-scheme" content="light dark">');
    expect(shell).toContain("<title>Fieldwork</title>");
    expect(renderWorkbenchShell({ assets: { scripts: [], styles: [] }, title: "A & B" })).toContain("<title>A &amp; B</title>");
  });

  it("links the workbench stylesheet, its module script and the shared chunk", () => {
    expect(shell).toContain('<link rel="stylesheet" href="/assets/workbench-b.css">');
    expect(shell).toContain('<script type="module" src="/assets/workbench-b.js"></script>');
    expect(shell).toContain('<link rel="modulepreload" href="/assets/shared-c.js">');
    expect(WORKBENCH_ENTRY).toBe("src/workbench/entry.tsx");
  });

  it("holds the loading frames in #root and picks one in the head before first paint", () => {
    expect(shell).toMatch(/<div id="root"><div data-boot="app">/);
    expect(shell).toContain('data-boot="editor"');
    expect(shell).toContain('data-boot="auth"');
    expect(shell.indexOf("data-fw-boot")).toBeLessThan(shell.indexOf("<body>"));
  });
});
