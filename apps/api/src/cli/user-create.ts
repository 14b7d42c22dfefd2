/**
 * Creates a user (typically the first administrator) and prints a set-password link:
 *
 *   npm run user:create -- --email a@b.nl [--superuser] [--role administrator]
 *                          [--first-name Anna --last-name de Vries]
 *
 * Opens the database directly, so with embedded PGlite the server must not be running.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, NAME_MAX, roleSchema } from '@helder/shared/users';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { findUserByEmail, issuePasswordToken, passwordLink } from '../features/auth';
import { audit } from '../lib/audit';
import { runCommand } from './run-command';

const USAGE =
  'Usage: npm run user:create -- --email <e-mail> [--superuser] ' +
  '[--role user|financial|administrator] [--first-name <name>] [--last-name <name>]';

class UsageError extends Error {}

const name = z.string().trim().min(1).max(NAME_MAX).optional();
const argsSchema = z.object({
  email: emailSchema,
  role: roleSchema.optional(),
  superuser: z.boolean(),
  firstName: name,
  lastName: name,
});

const OPTIONS = {
  email: { type: 'string' },
  superuser: { type: 'boolean', default: false },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false })
      .values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function readArgs(argv: string[]) {
  const values = parseOptions(argv);
  if (values.help) throw new UsageError('');
  if (values.email === undefined) throw new UsageError('--email is required');
  const parsed = argsSchema.safeParse({
    email: values.email,
    role: values.role,
    superuser: values.superuser,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const option = String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    throw new UsageError(`Invalid --${option}: ${issue.message}`);
  }
  const { role, superuser, ...rest } = parsed.data;
  // A superuser is an administrator too, unless told otherwise.
  return { ...rest, superuser, role: role ?? (superuser ? 'administrator' : 'user') };
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const now = new Date();
    const result = await database.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, args.email)) return null;
      const [user] = await tx
        .insert(users)
        .values({
          email: args.email,
          role: args.role,
          isSuperuser: args.superuser,
          firstName: args.firstName ?? null,
          lastName: args.lastName ?? null,
          isVerified: false,
        })
        .returning({ id: users.id, email: users.email });
      await audit(tx, {
        actorId: null,
        entityClass: 'User',
        entityId: user!.id,
        action: 'create',
        changes: {
          email: { from: null, to: args.email },
          role: { from: null, to: args.role },
          is_superuser: { from: null, to: args.superuser },
        },
      });
      return { user: user!, token: await issuePasswordToken(tx, user!.id, 'invite', now) };
    });
    if (!result) {
      console.error(`A user with e-mail ${args.email} already exists; nothing was changed.`);
      process.exitCode = 1;
      return;
    }
    const kind = args.superuser ? 'superuser' : args.role;
    console.log(`Created ${kind} ${result.user.email} (id ${result.user.id}).`);
    console.log('Set the password with this link (valid 7 days, single use):');
    console.log(`  ${passwordLink(config.publicUrl, result.token)}`);
  } finally {
    await database.close();
  }
}

runCommand('user:create', main, (e) => {
  if (!(e instanceof UsageError)) return undefined;
  console.error([e.message, USAGE].filter(Boolean).join('\n'));
  return 2;
});
