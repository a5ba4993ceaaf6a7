/**
 * The docs site (VitePress): docs/ built into docs/.vitepress/dist by `npm run docs:build`,
 * offline, with local search; a dead link fails the build. The sidebar is made from
 * whatever docs/ holds, by reader: guide/, reference/, design/ (and the pages at docs/'s
 * top), notes/ (benchmarks and their history); nothing is excluded but node_modules and
 * dist.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme } from "vitepress";

const DOCS = fileURLToPath(new URL("..", import.meta.url));

/**
 * The files beside the pages that pages link to (a PDDL domain, ASP facts): VitePress
 * takes a link to an unknown extension for a page (and calls it dead); these extensions
 * are files, copied into the site by buildEnd below (VitePress reads this variable).
 */
const FILE_EXTENSIONS = ["pddl", "lp", "asp"];
process.env.VITE_EXTRA_EXTENSIONS = [process.env.VITE_EXTRA_EXTENSIONS, ...FILE_EXTENSIONS].filter(Boolean).join(",");

/** Every file below docs/ that is not a page (nor .vitepress's, node_modules' or dist's), relative to docs/. */
function files(folder = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(DOCS, folder))) {
    if (name.startsWith(".") || name === "node_modules" || name === "dist") continue;
    const path = join(folder, name);
    if (statSync(join(DOCS, path)).isDirectory()) out.push(...files(path));
    else if (!name.endsWith(".md")) out.push(path);
  }
  return out;
}

/** A page's title: its first `# ` heading, else its file name. */
function title(path: string): string {
  const heading = /^#\s+(.+)$/m.exec(readFileSync(path, "utf8"));
  return heading ? heading[1].replace(/`/g, "").trim() : basename(path, ".md");
}

/** Names shown for subfolders, where the folder's own name is not a reader's word. */
const FOLDER_NAMES: Readonly<Record<string, string>> = { cli: "Commands", api: "API (TypeDoc)", examples: "Example files" };

/** The .md pages of a folder below docs/ (recursively), as sidebar items sorted by path; index.md first. */
function pages(folder: string, recursive = true): DefaultTheme.SidebarItem[] {
  const dir = join(DOCS, folder);
  if (!existsSync(dir)) return [];
  const items: DefaultTheme.SidebarItem[] = [];
  const entries = readdirSync(dir).sort((a, b) => (a === "index.md" ? -1 : b === "index.md" ? 1 : a.localeCompare(b)));
  for (const name of entries) {
    const path = join(dir, name);
    if (name.startsWith(".") || name === "node_modules" || name === "dist") continue;
    if (statSync(path).isDirectory()) {
      if (!recursive) continue;
      const sub = pages(join(folder, name));
      if (sub.length > 0) items.push({ text: FOLDER_NAMES[name] ?? name, collapsed: name !== "cli", items: sub });
    } else if (name.endsWith(".md")) {
      items.push({ text: title(path), link: `/${relative(DOCS, path).replace(/\\/g, "/").replace(/(index)?\.md$/, "")}` });
    }
  }
  return items;
}

/** The sidebar's groups, by reader; an empty group is left out. */
function sidebar(): DefaultTheme.SidebarItem[] {
  const groups: DefaultTheme.SidebarItem[] = [
    { text: "Guide", items: pages("guide") },
    { text: "Reference", items: pages("reference") },
    { text: "Design", items: [...pages("design"), ...pages(".", false).filter((p) => p.link !== "/")] },
    { text: "Benchmarks", items: [...pages("benchmarks"), ...pages("notes")] },
  ];
  return groups.filter((g) => (g.items?.length ?? 0) > 0);
}

/** The first page of a sidebar group (its link, or its first subgroup's). */
function first(item: DefaultTheme.SidebarItem): string {
  return item.link ?? (item.items && item.items.length > 0 ? first(item.items[0]) : "/");
}

export default defineConfig({
  title: "labyrinth",
  description: "Exact solvers, independent checkers, generators and pictures for labyrinth puzzles",
  lang: "en",
  cleanUrls: false,
  ignoreDeadLinks: false,
  srcExclude: ["**/node_modules/**", "**/dist/**"],
  lastUpdated: false,
  // the files pages link to, at their place in the site (images are bundled by Vite already)
  buildEnd(site) {
    for (const file of files()) cpSync(join(DOCS, file), join(site.outDir, file), { force: false, errorOnExist: false });
  },
  themeConfig: {
    search: { provider: "local" },
    sidebar: sidebar(),
    nav: [
      ...sidebar().map((g) => ({ text: g.text ?? "", link: first(g) })),
    ],
    outline: { level: [2, 3] },
  },
});
