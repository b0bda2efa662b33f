import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { checkRecipient, emailAddressInvalid, recipientProblem } from './recipient.ts';

describe("recipientProblem: GoTrue's static checks (validateclient.go), without DNS", () => {
  it('accepts ordinary addresses', () => {
    for (const ok of [
      'shopper@nopain-nogain.com',
      'first.last+tag@gmail.com',
      'abcdef@gmail.com',
      "o'brien+gym@mail.example.co.uk",
      'someone@example.de',
      'x@test.de',
      'user@mytest.com',
      'user@sub.localhost.com',
      'Shopper@NoPain-NoGain.com',
      'jörg@müller.de',
    ]) {
      expect([ok, recipientProblem(ok)]).toEqual([ok, undefined]);
    }
  });

  it('refuses what net/mail.ParseAddress would not return unchanged: names, brackets, spaces, comments, quotes, bad dots', () => {
    for (const bad of [
      'Chris <chris@host.com>',
      '<chris@host.com>',
      '"Chris" <chris@host.com>',
      ' chris@host.com',
      'chris@host.com ',
      'chris@host.com (Chris)',
      '"chris"@host.com',
      '"chris smith"@host.com',
      'chris',
      '',
      '@host.com',
      'chris@',
      'a@b@host.com',
      '.chris@host.com',
      'chris.@host.com',
      'chr..is@host.com',
      'chris@host..com',
      'chris@.host.com',
      'chris@host.com.',
      'chris@[192.0.2.1]',
      'ch,ris@host.com',
      'ch\\ris@host.com',
      'chris@ho;st.com',
      'ch\u0000ris@host.com',
      'ch\u007fris@host.com',
      'ch\ud800ris@host.com',
    ]) {
      expect([bad, recipientProblem(bad)]).toEqual([bad, 'invalid_email_format']);
    }
  });

  it('refuses the four addresses people type (case aside)', () => {
    for (const bad of ['test@gmail.com', 'example@gmail.com', 'someone@gmail.com', 'test@email.com', 'Test@Gmail.com']) {
      expect([bad, recipientProblem(bad)]).toEqual([bad, 'invalid_email_address']);
    }
  });

  it('refuses the listed hosts', () => {
    for (const host of [
      'test',
      'example',
      'invalid',
      'local',
      'localhost',
      'test.com',
      'example.com',
      'example.net',
      'example.org',
      'gamil.com',
      'gamai.com',
      'anonymous.com',
      'email.com',
      'EXAMPLE.COM',
    ]) {
      expect([host, recipientProblem(`shopper@${host}`)]).toEqual([host, 'invalid_email_dns']);
    }
  });

  it('refuses hosts below the RFC 2606 names .test, .example, .invalid, .local, .localhost', () => {
    for (const host of ['example.test', 'nopain-nogain.test', 'shop.example', 'a.b.invalid', 'printer.local', 'app.localhost', 'x.TEST']) {
      expect([host, recipientProblem(`shopper@${host}`)]).toEqual([host, 'invalid_email_dns']);
    }
  });

  it('refuses gmail.com user names shorter than 6 characters (bytes, as Go counts)', () => {
    for (const bad of ['a@gmail.com', 'abcde@gmail.com', 'a.b.c@gmail.com']) {
      expect([bad, recipientProblem(bad)]).toEqual([bad, 'invalid_email_address']);
    }
    expect(recipientProblem('abcdef@gmail.com')).toBeUndefined();
    expect(recipientProblem('jörg1@gmail.com')).toBeUndefined();
    expect(recipientProblem('abcde@googlemail.com')).toBeUndefined();
  });

  it('refuses single-label hosts', () => {
    for (const bad of ['email@a', 'email@mycompanyltd', 'root@intranet']) {
      expect([bad, recipientProblem(bad)]).toEqual([bad, 'invalid_email_dns']);
    }
  });
});

describe('checkRecipient and the answer', () => {
  const on = { mailerEmailValidationExtended: true };
  const off = { mailerEmailValidationExtended: false };
  const thrown = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof AuthError) return { status: e.status, code: e.errorCode, message: e.message };
      throw e;
    }
    return undefined;
  };

  it("is GoTrue's 400 email_address_invalid, the address quoted as Go's %q", () => {
    expect(thrown(() => checkRecipient(on, 'x@example.com'))).toEqual({
      status: 400,
      code: 'email_address_invalid',
      message: 'Email address "x@example.com" is invalid',
    });
    expect(emailAddressInvalid('"Chris" <c\\h@x>\n\x01\x7f').message).toBe('Email address "\\"Chris\\" <c\\\\h@x>\\n\\x01\\x7f" is invalid');
    expect(emailAddressInvalid('jörg@x').message).toBe('Email address "jörg@x" is invalid');
  });

  it('lets every address through while the switch is off, and good ones while it is on', () => {
    for (const address of ['x@example.com', 'test@gmail.com', 'a@b', 'Chris <c@x.de>']) expect(thrown(() => checkRecipient(off, address))).toBeUndefined();
    expect(thrown(() => checkRecipient(on, 'shopper@nopain-nogain.com'))).toBeUndefined();
  });
});
