// Plain values without zod, so the contact form's client bundle can read them.

/**
 * The honeypot: a field people never see (hidden from sight and from assistive technology) and form-filling bots
 * do fill. A message with anything in it is answered as sent and stored nowhere, so the bot learns nothing.
 */
export const CONTACT_HONEYPOT = "website";
