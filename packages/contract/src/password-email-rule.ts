// "Not equal to the email": the password rule checked with the email, in a module without zod so
// that the consoles' forms can name it before the schemas have loaded (./password holds the rest).

/** What the server answers for a new password equal to the account's email. */
export const PASSWORD_EQUALS_EMAIL_MESSAGE = 'Password must not be the same as the email';

/** Whether a password is the email, whatever its case and surrounding spaces. */
export function isPasswordEqualToEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
