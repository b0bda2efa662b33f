import { BRAND, companyHtml, escapeHtml, textSignature } from '../../supabase/functions/_shared/email-parts.ts';
import type { MailMessage } from '../context.ts';

export { escapeHtml };

const IGNORE_NOTE = "If you didn't ask for this, ignore this email. / Falls du das nicht angefordert hast, ignoriere diese E-Mail.";

interface Copy {
  subject: string;
  english: string;
  german: string;
  button: string;
}

function compose(to: string, link: string, copy: Copy): MailMessage {
  const text = [copy.english, link, '', copy.german, '', IGNORE_NOTE, '', ...textSignature('en+de')].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">${escapeHtml(BRAND)}</h1>
<p>${escapeHtml(copy.english)}</p>
<p><a href="${escapeHtml(link)}" style="background:#111;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(copy.button)}</a></p>
<p lang="de">${escapeHtml(copy.german)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(IGNORE_NOTE)}<br>${escapeHtml(link)}</p>
${companyHtml('en+de')}
</body></html>`;
  return { to, subject: `${BRAND}: ${copy.subject}`, text, html };
}

export const confirmSignupMail = (to: string, link: string): MailMessage =>
  compose(to, link, {
    subject: 'Confirm your email / Bestätige deine E-Mail',
    english: 'Welcome to the team! Confirm your email address to finish creating your account:',
    german: 'Willkommen im Team! Bestätige deine E-Mail-Adresse über den Link oben, um dein Konto fertig einzurichten.',
    button: 'Confirm email / E-Mail bestätigen',
  });

export const recoveryMail = (to: string, link: string): MailMessage =>
  compose(to, link, {
    subject: 'Reset your password / Passwort zurücksetzen',
    english: 'Forgot your password? It happens to the best of us. Use this link to sign in and choose a new one:',
    german: 'Passwort vergessen? Passiert den Besten. Über den Link oben meldest du dich an und wählst ein neues.',
    button: 'Reset password / Passwort zurücksetzen',
  });

export const emailChangeMail = (to: string, link: string): MailMessage =>
  compose(to, link, {
    subject: 'Confirm your new email / Bestätige deine neue E-Mail',
    english: 'You asked to use this address for your account. Confirm the change with this link:',
    german: 'Du möchtest diese Adresse für dein Konto verwenden. Bestätige die Änderung über den Link oben.',
    button: 'Confirm new email / Neue E-Mail bestätigen',
  });

export const magicLinkMail = (to: string, link: string): MailMessage =>
  compose(to, link, {
    subject: 'Your sign-in link / Dein Anmeldelink',
    english: 'Here is your sign-in link. It works once and for 24 hours:',
    german: 'Hier ist dein Anmeldelink. Er funktioniert einmal und 24 Stunden lang.',
    button: 'Sign in / Anmelden',
  });

export const inviteMail = (to: string, link: string): MailMessage =>
  compose(to, link, {
    subject: "You're invited / Du bist eingeladen",
    english: "You've been invited to create an account. Accept the invitation with this link:",
    german: 'Du wurdest eingeladen, ein Konto anzulegen. Nimm die Einladung über den Link oben an.',
    button: 'Accept invitation / Einladung annehmen',
  });

/** GoTrue's reauthentication mail: a one-time code to type in (the nonce a password change asks for), not a link. */
export function reauthenticationMail(to: string, code: string): MailMessage {
  const english = 'Enter this code to confirm it is you:';
  const german = 'Gib diesen Code ein, um zu bestätigen, dass du es bist:';
  const text = [english, code, '', german, code, '', IGNORE_NOTE, '', ...textSignature('en+de')].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">${escapeHtml(BRAND)}</h1>
<p>${escapeHtml(english)}</p>
<p style="font-size:24px;letter-spacing:4px;font-weight:bold">${escapeHtml(code)}</p>
<p lang="de">${escapeHtml(german)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(IGNORE_NOTE)}</p>
${companyHtml('en+de')}
</body></html>`;
  return { to, subject: `${BRAND}: Confirm it is you / Bestätige, dass du es bist`, text, html };
}
