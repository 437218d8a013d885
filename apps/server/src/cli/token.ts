import { parseArgs } from 'node:util';
import { signIn } from './sign-in.ts';

/**
 * `npm run -s token -- --user NAME [--password demo] [--url http://localhost:3000]`:
 * signs in to the running server as the browser does and prints only the access token.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      password: { type: 'string', default: 'demo' },
      url: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    },
  });
  if (!values.user) {
    process.stderr.write(
      'Usage: npm run -s token -- --user NAME [--password demo] [--url http://localhost:3000]\n',
    );
    process.exit(2);
  }
  process.stdout.write(
    `${await signIn({ url: values.url, user: values.user, password: values.password })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
