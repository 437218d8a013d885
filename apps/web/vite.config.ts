import { defineConfig, parseAst, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { AUTH_CONFIG_ELEMENT_ID, API_PREFIX, endpoints } from '@vmer/domain/api/endpoints';
import { PAGE_PATHS, pagesPattern } from '@vmer/domain/pages';
import { FIRST_SCREEN_PATHS } from './src/config/paths.ts';
import { earlyOpeningScript, HELD_VERSIONS_KEY } from './src/lib/early-opening.ts';
import { INSTANCE_COOKIE } from './src/lib/instance-cookie.ts';

/** Where a module id is in the build's graph: the app's own code, or a package's. */
const PACKAGE = /[\\/]node_modules[\\/]/;

/** The lazy modules the chunk groups are cut along (paths under apps/web). */
const MAIN = 'src/main.tsx';
const LANDING = 'src/app/routes/landing.tsx';
const FRAME = 'src/app/layout/app-layout.tsx';
const QUESTIONNAIRE = 'src/app/routes/questionnaire.tsx';
const DATE_PICKER = 'src/features/questionnaire/components/questions/date-calendar.tsx';
const AFTER_FIRST_PAINT = 'src/features/questionnaire/after-first-paint.ts';

/**
 * Chunk groups cut along the screens a page load starts at (design §7). Left to itself the
 * bundler makes a chunk of every set of modules shared by a different set of lazy pages: some
 * 75 scripts of under a kilobyte to 100 KB on a cold open of a disclosure. Instead each module
 * goes to one of five chunks, by what statically reaches it in the module graph:
 *
 * - `vendor`: the packages the sign-in page runs (React, Redux, the router, Material UI's core
 *   and the components the sign-in page shows, i18next, zod);
 * - `shell`: the app's own code the sign-in page runs (the store, the router, the API client);
 * - `frame`: what the signed-in frame adds (header, menu, user info), packages included;
 * - `questionnaire`: what only the questionnaire route adds;
 * - `screens`: what the questionnaire shares with other lazy modules (another page, the date
 *   picker), so that those do not load the whole questionnaire;
 * - `date-pickers`: the date question's calendar with its date library, loaded when a date
 *   field's calendar is first wanted (and by the pages whose filters pick dates), in one script
 *   where the bundler made two;
 * - `after-first-paint`: what the questionnaire loads once its first page has painted (its
 *   dialogs and the condition search, which `after-first-paint.ts` gathers) with the parts of
 *   Material UI only they use, in one script: left to itself the bundler made a chunk of each
 *   part another page shares (the checkbox, the table head), one request each after the paint.
 *
 * The sign-in page loads the first two only; a disclosure's cold open the next three, which the
 * HTML preloads (`firstScreenPreload`). Other code loaded on demand (the other pages) is left to
 * the bundler's own chunks.
 */
function screenChunks() {
  const imports = new Map<string, readonly string[]>();
  const dynamic = new Set<string>();
  let sets:
    | {
        signIn: Set<string>;
        frame: Set<string>;
        route: Set<string>;
        elsewhere: Set<string>;
        datePicker: Set<string>;
        afterFirstPaint: Set<string>;
      }
    | undefined;
  const closure = (starts: Iterable<string>, into = new Set<string>()) => {
    const pending = [...starts];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (into.has(id)) continue;
      into.add(id);
      pending.push(...(imports.get(id) ?? []));
    }
    return into;
  };
  const isModule = (id: string, module: string) =>
    id.replaceAll('\\', '/').endsWith(`/apps/web/${module}`);
  const lazyModule = (module: string) => {
    const id = [...dynamic].find((candidate) => isModule(candidate, module));
    if (!id) throw new Error(`chunk groups: ${module} is not imported lazily`);
    return id;
  };
  // The app's entry keeps a chunk of its own, which the HTML names. The frame and the route
  // join their groups' chunks: a chunk of each of their own was one more request each on a cold
  // open, for a kilobyte (the bundle-size check reads the groups by name).
  const ownChunk = (id: string) => entryIds.has(id) || isModule(id, MAIN);
  const setsOf = () => {
    if (sets) return sets;
    const entries = [...imports.keys()].filter((id) => entryIds.has(id));
    const signIn = closure([...entries, lazyModule(LANDING)]);
    const frame = closure([lazyModule(FRAME)]);
    const route = closure([lazyModule(QUESTIONNAIRE)]);
    const others = [...dynamic].filter(
      (id) => ![LANDING, FRAME, QUESTIONNAIRE].some((module) => id === lazyModule(module)),
    );
    // The date picker's own modules: what it reaches that no lazy module without a date picker
    // reaches (the dialogs share Material UI's form parts with it, and keep them).
    const picker = lazyModule(DATE_PICKER);
    const pickerPackage = (id: string) => /[\\/]@mui[\\/]x-date-pickers[\\/]/.test(id);
    const withoutPicker = others.filter((id) => {
      const reached = closure([id]);
      return id !== picker && !reached.has(picker) && ![...reached].some(pickerPackage);
    });
    const notPicker = closure(withoutPicker);
    const datePicker = new Set(
      [...closure([picker])].filter(
        (id) => !notPicker.has(id) && ![signIn, frame, route].some((set) => set.has(id)),
      ),
    );
    const afterFirstPaint = new Set(
      [...closure([lazyModule(AFTER_FIRST_PAINT)])].filter(
        (id) => ![signIn, frame, route, datePicker].some((set) => set.has(id)),
      ),
    );
    return (sets = {
      signIn,
      frame,
      route,
      elsewhere: closure(others),
      datePicker,
      afterFirstPaint,
    });
  };
  const entryIds = new Set<string>();
  const plugin: Plugin = {
    name: 'vmer:screen-chunks',
    apply: 'build',
    buildStart() {
      imports.clear();
      dynamic.clear();
      entryIds.clear();
      sets = undefined;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        imports.set(id, info.importedIds);
        info.dynamicallyImportedIds.forEach((target) => dynamic.add(target));
        if (info.isEntry) entryIds.add(id);
      }
    },
  };
  const inSignIn = (id: string) => setsOf().signIn.has(id) && !ownChunk(id);
  const inFrame = (id: string) =>
    setsOf().frame.has(id) && !setsOf().signIn.has(id) && !ownChunk(id);
  const inRoute = (id: string) =>
    setsOf().route.has(id) && !setsOf().signIn.has(id) && !setsOf().frame.has(id) && !ownChunk(id);
  const groups = [
    {
      name: 'vendor',
      test: (id: string) => PACKAGE.test(id) && inSignIn(id),
      priority: 50,
    },
    { name: 'shell', test: (id: string) => !PACKAGE.test(id) && inSignIn(id), priority: 40 },
    { name: 'frame', test: inFrame, priority: 30 },
    {
      name: 'date-pickers',
      test: (id: string) => setsOf().datePicker.has(id),
      // Below the route's groups: a group takes in what its modules import that no group has
      // taken yet, and above them it took Material UI's form parts from `screens`.
      priority: 5,
    },
    {
      name: 'after-first-paint',
      test: (id: string) => setsOf().afterFirstPaint.has(id) && !ownChunk(id),
      priority: 4,
    },
    {
      name: 'screens',
      test: (id: string) => inRoute(id) && setsOf().elsewhere.has(id),
      priority: 20,
    },
    {
      name: 'questionnaire',
      test: (id: string) => inRoute(id) && !setsOf().elsewhere.has(id),
      priority: 10,
    },
  ];
  return { plugin, groups };
}

const SCREEN_CHUNKS = screenChunks();

/**
 * The domain declares its zod schemas as top-level constants. Building a schema has no side
 * effect, but a bundler cannot know that of a call chain like `z.object({…}).strict()`, so it
 * would keep every schema, and all of zod, in any page that imports one plain constant from the
 * model. Wrapping each top-level constant's call in a pure-annotated function lets the pages
 * that parse nothing (the sign-in page) leave zod out; pages that use a schema still get it.
 */
function pureDomainConstants(): Plugin {
  return {
    name: 'vmer:pure-domain-constants',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/ },
      handler(code, id) {
        const edits: { at: number; text: string }[] = [];
        for (const statement of parseAst(code, { lang: 'ts' }, id).body) {
          const declaration =
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
          for (const { init } of declaration.declarations) {
            if (init?.type !== 'CallExpression') continue;
            edits.push(
              { at: init.start, text: '/* @__PURE__ */ (() => (' },
              { at: init.end, text: '))()' },
            );
          }
        }
        if (edits.length === 0) return null;
        let result = code;
        for (const { at, text } of edits.sort((a, b) => b.at - a.at)) {
          result = result.slice(0, at) + text + result.slice(at);
        }
        return { code: result, map: null };
      },
    },
  };
}

/**
 * The signed-in screen a page load most often starts at (`FIRST_SCREEN_PATHS`), with the lazy
 * modules it renders first: the signed-in frame and the screen's own route. Every name here
 * costs the sign-in page bytes too.
 */
const FIRST_SCREENS: { path: string; modules: string[] }[] = [
  { path: pagesPattern(FIRST_SCREEN_PATHS), modules: [FRAME, QUESTIONNAIRE] },
];

/** What the first script's opening call needs of the app (lib/early-opening.ts). */
const DISCLOSURE_ROUTE = PAGE_PATHS.questionnaire.replace('/:requestId?', '/([^/]+)');
if (DISCLOSURE_ROUTE === PAGE_PATHS.questionnaire)
  throw new Error(`first screen: ${PAGE_PATHS.questionnaire} names no :requestId`);
const EARLY_OPENING = {
  route: `^${DISCLOSURE_ROUTE}/?$`,
  openPath: `${API_PREFIX}${endpoints.disclosureOpen.path}`,
  authConfigId: AUTH_CONFIG_ELEMENT_ID,
  heldVersionsKey: HELD_VERSIONS_KEY,
  instanceCookie: INSTANCE_COOKIE,
};

/**
 * Preloads the chunks of the screen a page load starts at with the HTML (requirements F-03),
 * rather than once the app has run, signed in and rendered the route. Every address gets the
 * same index.html, and the sign-in page must not load the questionnaire's code (design §7), so
 * the HTML carries a small script that adds the `<link rel="modulepreload">` of the address's
 * screen as the page is parsed; at a disclosure's address, it also starts the disclosure's
 * opening call (lib/early-opening.ts). Written into the page, not as a file of its own: a file
 * was one more round trip before the opening call and the screen's chunks could start. The
 * server allows it by its hash in the CSP, which it works out from the page it serves
 * (apps/server/src/http/web-app.ts), and no other inline script.
 */
function firstScreenPreload(): Plugin {
  return htmlRewrite('vmer:first-screen-preload', function (html, bundle) {
    const chunks = Object.values(bundle).filter(
      (file): file is Rollup.OutputChunk => file.type === 'chunk',
    );
    const closure = (start: Rollup.OutputChunk[]) => {
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      start.forEach((chunk) => visit(chunk.fileName));
      return seen;
    };
    const inHtml = closure(chunks.filter((chunk) => chunk.isEntry));
    const routes = FIRST_SCREENS.map(({ path, modules }) => {
      const starts = modules.map((module) => {
        // A lazy module of a chunk group is one of its chunk's modules, not its facade.
        const chunk = chunks.find((candidate) =>
          candidate.moduleIds.some((id) =>
            id.replaceAll('\\', '/').endsWith(`/apps/web/${module}`),
          ),
        );
        if (!chunk) this.error(`first-screen preload: no chunk for ${module}`);
        return chunk;
      });
      const files = [...closure(starts)].filter((file) => !inHtml.has(file));
      // Every chunk is an assets/*.js file: only the name in between is written.
      return [path, files.map((file) => /^assets\/(.+)\.js$/.exec(file)![1])];
    });
    // The address and the chunks are read against the page's <base href> (requirements N-11).
    const preload = `(function(){var r=${JSON.stringify(routes)},b=new URL(document.baseURI),p=location.pathname.slice(b.pathname.length-1);for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=new URL('assets/'+f+'.js',b).href;document.head.appendChild(l)});break}})();\n`;
    const source = preload + earlyOpeningScript(EARLY_OPENING);
    if (/<\/script|<!--/i.test(source))
      this.error('first-screen script: it would end its element early in the page');
    // First in the body: by then the head is parsed, with the auth config the server writes at
    // its end and the `<base href>` at its start, which the script reads; the module scripts
    // in the head wait for the whole page, so the script has run when the app looks for it.
    return html.replace(/<body>/, `$&\n    <script>${source}</script>`);
  });
}

/**
 * The page's icon written into the HTML as data, as the header's logo is written into the
 * script (`logo.svg?inline`): the browser asks for no icon file as a page loads (F-01). The
 * CSP allows `data:` images.
 */
function inlineIcon(): Plugin {
  return htmlRewrite('vmer:inline-icon', (html, bundle) =>
    html.replace(
      /(<link rel="icon" type="image\/svg\+xml" href=")\.\/(assets\/[^"]+\.svg)"/,
      (link, start: string, fileName: string) => {
        const icon = bundle[fileName];
        if (icon?.type !== 'asset') return link;
        delete bundle[fileName];
        return `${start}data:image/svg+xml;base64,${Buffer.from(icon.source).toString('base64')}"`;
      },
    ),
  );
}

/**
 * A build step that rewrites the built index.html once every chunk and asset of the bundle is
 * written (the first-screen script, the inline icon).
 */
function htmlRewrite(
  name: string,
  rewrite: (this: Rollup.PluginContext, html: string, bundle: Rollup.OutputBundle) => string,
): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        html.source = rewrite.call(this, html.source, bundle);
      },
    },
  };
}

export default defineConfig({
  // Addresses relative to the page's <base href>, which the server writes from PUBLIC_URL: one
  // build serves the root and any sub-path (requirements N-11).
  base: './',
  plugins: [
    pureDomainConstants(),
    react(),
    SCREEN_CHUNKS.plugin,
    firstScreenPreload(),
    inlineIcon(),
    // The scripts and styles written compressed beside themselves (brotli at its best quality,
    // gzip for older clients), which the server sends as they are: it compressed each again at
    // every request, several hundred milliseconds of its CPU on a disclosure's cold open, while
    // the same open waited for its answer. Last, so that it sees every file the others wrote.
    compression({ include: /^assets\/.*\.(js|css|svg)$/, threshold: 1024 }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route pulls in, for the bundle-size check.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: SCREEN_CHUNKS.groups },
      },
    },
  },
  server: {
    // `npm run dev`: the API and the embedded sign-in provider come from a running server.
    proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' },
  },
});
