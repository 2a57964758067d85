/**
 * The emails of the password page and of an invitation (spec 4 "Password reset / activation").
 * They go through the outbox (server-rules "Email"), never straight from a request.
 */
import { escapeHtml, formatChallengeCode, PASSWORD_TITLES } from '@portal/domain/rules';
import type { OutgoingMail } from '../mail/index.js';

type Recipient = { email: string; firstName: string };

const greeting = (user: Recipient) => (user.firstName ? `Hello ${user.firstName},` : 'Hello,');

/**
 * The code asked for on the password page. It carries no link on purpose: a link's host would have
 * to come from the (unauthenticated) request, and a forged Host header would then send the code to
 * someone else's site. The reader types the code into the page that is still open.
 */
export function codeMail(user: Recipient & { isVerified: boolean }, code: string, challengeId: number, minutes: number): OutgoingMail {
  // Whichever page was used, a user who never activated gets an activation code.
  const activation = !user.isVerified;
  const page = activation ? PASSWORD_TITLES.activate : PASSWORD_TITLES.reset;
  const subject = activation ? 'Your Dealer Portal activation code' : 'Your Dealer Portal password reset code';
  const shown = formatChallengeCode(code);
  const text = [
    greeting(user),
    '',
    `Your code is ${shown}`,
    '',
    `Enter it on the "${page}" page where you asked for it. It expires in ${minutes} minutes.`,
    'If you did not ask for a code, you can ignore this email: your account is unchanged.',
  ].join('\n');
  return { dedupeKey: `password-challenge:${challengeId}`, to: user.email, subject, text };
}

/** The invitation: an activation link whose code the password page submits by itself. */
export function inviteMail(
  user: Recipient,
  details: { code: string; challengeId: number; link: string; organizationName: string; invitedBy: string; hours: number },
): OutgoingMail {
  const shown = formatChallengeCode(details.code);
  const subject = `You are invited to the ${details.organizationName} Dealer Portal`;
  const lines = [
    greeting(user),
    '',
    `${details.invitedBy} has invited you to the Dealer Portal of ${details.organizationName}.`,
    'Open this link to activate your account and choose your password:',
    details.link,
    '',
    `Your activation code is ${shown}. It is valid for ${details.hours} hours; after that, open the`,
    '"Activate your Account" page and ask for a new code.',
  ];
  const html = [
    `<p>${escapeHtml(greeting(user))}</p>`,
    `<p>${escapeHtml(details.invitedBy)} has invited you to the Dealer Portal of ${escapeHtml(details.organizationName)}.</p>`,
    `<p><a href="${escapeHtml(details.link)}">Activate your account</a></p>`,
    `<p>Your activation code is <strong>${escapeHtml(shown)}</strong>. It is valid for ${details.hours} hours; after that, open the "Activate your Account" page and ask for a new code.</p>`,
  ].join('\n');
  return { dedupeKey: `user-invite:${details.challengeId}`, to: user.email, subject, text: lines.join('\n'), html };
}
