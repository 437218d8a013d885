import { createHash } from 'node:crypto';
import { defineConfig, parseAst, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code every page needs sits in two long-cached chunks. Everything else follows the
// dynamic imports: each route's code, and the date pickers (imported lazily by the date
// question), load only where they are used, so the sign-in page loads only what it shows
// (design §7: initial JavaScript under 250 KB gzipped). A group of its own for the pickers
// would drag the Material UI components they share with the first page into their chunk.
const CHUNK_GROUPS = [
  {
    name: 'mui-core',
    test: /node_modules[\\/](@mui[\\/](system|styled-engine|utils|private-theming)|@emotion|stylis)[\\/]/,
    priority: 20,
  },
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect)[\\/]/,
    priority: 10,
  },
];

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
 * The signed-in screen a page load most often starts at (src/config/paths.ts: a disclosure's
 * link, or /home after signing in), with the lazy modules it renders first: the signed-in frame
 * and the screen's own route. Every name here costs the sign-in page bytes too.
 */
const FIRST_SCREENS: { path: RegExp; modules: string[] }[] = [
  {
    path: /^\/(home|questionnaire(\/[^/]+)?)\/?$/,
    modules: ['src/app/layout/app-layout.tsx', 'src/app/routes/questionnaire.tsx'],
  },
];

/**
 * Preloads the chunks of the screen a page load starts at with the HTML (requirements F-03),
 * rather than once the app has run, signed in and rendered the route. Every address gets the
 * same index.html, and the sign-in page must not load the questionnaire's code (design §7), so
 * the HTML names a small script (the CSP allows no inline one) that adds the
 * `<link rel="modulepreload">` of the address's screen before the app's own module runs.
 */
function firstScreenPreload(): Plugin {
  return {
    name: 'vmer:first-screen-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
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
            const chunk = chunks.find((candidate) =>
              candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/apps/web/${module}`),
            );
            if (!chunk) this.error(`first-screen preload: no chunk for ${module}`);
            return chunk;
          });
          const files = [...closure(starts)].filter((file) => !inHtml.has(file));
          // Every chunk is an assets/*.js file: only the name in between is written.
          return [path.source, files.map((file) => /^assets\/(.+)\.js$/.exec(file)![1])];
        });
        // The address and the chunks are read against the page's <base href> (requirements N-11).
        const source = `(function(){var r=${JSON.stringify(routes)},b=new URL(document.baseURI),p=location.pathname.slice(b.pathname.length-1);for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=new URL('assets/'+f+'.js',b).href;document.head.appendChild(l)});break}})();\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/first-screen-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        // Before the app's module: module scripts run in document order, after parsing.
        html.source = html.source.replace(
          /<script type="module"/,
          `<script type="module" crossorigin src="./${fileName}"></script>\n    $&`,
        );
      },
    },
  };
}

export default defineConfig({
  // Addresses relative to the page's <base href>, which the server writes from PUBLIC_URL: one
  // build serves the root and any sub-path (requirements N-11).
  base: './',
  plugins: [pureDomainConstants(), react(), firstScreenPreload()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route pulls in, for the bundle-size check.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: {
    // `npm run dev`: the API and the embedded sign-in provider come from a running server.
    proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000' },
  },
});
