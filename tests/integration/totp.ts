/** Two-factor helpers for the integration suites: an authenticator app, and admins with a verified factor. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { createConfirmedUser, serviceClient, signIn, sleep, sql, uniqueEmail } from './support.ts';

const STEP_MS = 30_000;

/**
 * An authenticator app for one secret (otpauth, independent of the server's code). The server
 * accepts each time step once and only ±1 step from now, so each code comes from a step after the
 * last one used, waiting for the clock when none is left.
 */
export function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    async nextCode(): Promise<string> {
      for (;;) {
        const current = Math.floor(Date.now() / STEP_MS);
        const step = Math.max(lastStep + 1, current);
        if (step <= current + 1) {
          lastStep = step;
          return totp.generate({ timestamp: step * STEP_MS });
        }
        await sleep((current + 1) * STEP_MS - Date.now() + 20);
      }
    },
    /** A code that is wrong now (from five steps back). */
    wrongCode: () => totp.generate({ timestamp: Date.now() - 5 * STEP_MS }),
  };
}

/** Enrols a TOTP factor on the signed-in client and verifies it (the client's session becomes aal2). */
export async function enrolVerifiedFactor(client: SupabaseClient, friendlyName = 'authenticator') {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw new Error(`enroll failed: ${enrolled.error.code} ${enrolled.error.message}`);
  const app = authenticator(enrolled.data.totp.secret);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await app.nextCode() });
  if (verified.error) throw new Error(`verify failed: ${verified.error.code} ${verified.error.message}`);
  return { factorId: enrolled.data.id, secret: enrolled.data.totp.secret, app };
}

/** A fresh admin account (its address added to public.admin_emails, as ADMIN_EMAILS does), signed in. */
export async function freshAdmin() {
  const email = uniqueEmail('mfa-admin');
  await sql('insert into public.admin_emails (email) values ($1)', [email]);
  const admin = await createConfirmedUser({ email });
  return {
    ...admin,
    /** Removes the account and its admin address. */
    async remove() {
      await sql('delete from public.admin_emails where email = $1', [email]);
      await serviceClient().auth.admin.deleteUser(admin.user.id);
    },
  };
}

/**
 * A fresh admin with a verified factor, and two sessions: `aal2` passed the code step, `aal1`
 * signed in with the password alone afterwards.
 */
export async function adminWithVerifiedFactor() {
  const admin = await freshAdmin();
  await enrolVerifiedFactor(admin.client);
  const aal1 = await signIn(admin.email, admin.password);
  return { ...admin, aal2: admin.client, aal1: aal1.client };
}
