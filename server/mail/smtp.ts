import { createTransport } from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Mailer } from '../context.ts';

/**
 * Mail that leaves the machine: an SMTP relay configured with GoTrue's SMTP_* names (issue 22 item 8).
 * Port 465 speaks TLS from the start; other ports upgrade with STARTTLS when the relay offers it.
 * One connection per mail: a shop sends a handful a minute, and no idle connection can go stale.
 */
export function createSmtpMailer(smtp: SmtpConfig): Mailer & { close(): void } {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = smtp.senderName ? { name: smtp.senderName, address: smtp.from } : smtp.from;
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
