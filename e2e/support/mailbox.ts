import { expect } from '@playwright/test';
import { MAILBOX_URL } from './e2e-env';
import type { SinkMessage } from './mail-sink';

/** Reads what the SMTP sink received (see mail-sink.ts). */
export async function messagesTo(email: string): Promise<SinkMessage[]> {
  const response = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as SinkMessage[];
}

/**
 * Waits for a new message to `email` (one past `seen`, the count before the action) whose subject
 * matches, and returns the one-time link in it.
 */
export async function waitForMailedLink(
  email: string,
  options: { subject: RegExp; seen?: number; timeoutMs?: number },
): Promise<{ message: SinkMessage; link: URL }> {
  let found: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await messagesTo(email)).slice(options.seen ?? 0);
        found = messages.find((message) => options.subject.test(message.subject));
        return found?.subject;
      },
      { message: `mail to ${email} matching ${options.subject}`, timeout: options.timeoutMs ?? 15_000 },
    )
    .toBeDefined();
  const message = found as SinkMessage;
  const link = /https?:\/\/\S+[?&]token=[^\s"<>]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No link with a token in the mail to ${email}:\n${message.text}`);
  return { message, link: new URL(link) };
}

export const ACTIVATION_SUBJECT = /activate/i;
export const RESET_SUBJECT = /reset/i;
