import { defineConfig, parseAst, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [pureDomainConstants(), react()],
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
