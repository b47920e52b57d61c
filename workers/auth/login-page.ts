import { html, raw } from "hono/html";
import { FAVICON_HREF, PRODUCT_NAME } from "../contract/brand";
import { displayName } from "../contract/display-name";
import { PROVIDER_LABELS, type ProviderId } from "./providers";

type DemoMember = { firstName: string | null; lastName: string | null; email: string };

const styles = raw(`
  body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;margin:0;display:grid;place-items:center;min-height:100vh}
  main{background:#1e293b;border-radius:16px;padding:clamp(20px,6vw,32px);width:min(440px,92vw);box-sizing:border-box;box-shadow:0 20px 50px #0008}
  h1{margin:0 0 4px;font-size:1.5rem} p{color:#94a3b8;margin:0 0 20px}
  ul{list-style:none;padding:0;margin:0 0 24px;display:grid;gap:8px}
  button,a.provider{width:100%;padding:10px 14px;border-radius:10px;border:1px solid #334155;background:#0f172a;color:#e2e8f0;
    font-size:1rem;text-align:left;cursor:pointer;display:block;text-decoration:none;box-sizing:border-box}
  button:hover,a.provider:hover{border-color:#8b5cf6} button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
  small{color:#94a3b8} label{display:block;font-size:.875rem;margin:10px 0 4px}
  input{width:100%;box-sizing:border-box;padding:9px 12px;border-radius:8px;border:1px solid #334155;background:#0f172a;color:#e2e8f0;font-size:1rem}
  .primary{background:#7c3aed;border-color:#7c3aed;text-align:center;margin-top:16px} h2{font-size:1rem;margin:0 0 10px}
`);

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title} | ${PRODUCT_NAME}</title>
        <link rel="icon" href="${FAVICON_HREF}" type="image/svg+xml" />
        <style>
          ${styles}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export function renderLoginPage(opts: { devLogin: boolean; providers: ProviderId[]; members: DemoMember[]; returnTo: string }) {
  const providerLinks = opts.providers.map(
    (id) => html`<li><a class="provider" href="/api/login?provider=${id}">Continue with ${PROVIDER_LABELS[id]}</a></li>`,
  );
  const memberButtons = opts.members.map(
    (m) =>
      html`<li>
        <form method="post" action="/api/login/dev">
          <input type="hidden" name="email" value="${m.email}" /><input type="hidden" name="firstName" value="${m.firstName ?? ""}" />
          <input type="hidden" name="lastName" value="${m.lastName ?? ""}" /><input
            type="hidden"
            name="returnTo"
            value="${opts.returnTo}"
          />
          <button type="submit">Sign in as ${m.firstName ?? ""} ${m.lastName ?? ""} <small>${m.email}</small></button>
        </form>
      </li>`,
  );
  return page(
    "Sign in",
    html`<h1>Sign in to ${PRODUCT_NAME}</h1>
      <p>Pick how you want to sign in.</p>
      ${
        opts.providers.length
          ? html`<ul>
              ${providerLinks}
            </ul>`
          : ""
      }
      ${
        opts.devLogin
          ? html`<h2>Development sign-in</h2>
              ${
                opts.members.length
                  ? html`<ul aria-label="Demo members">
                      ${memberButtons}
                    </ul>`
                  : ""
              }
              <form method="post" action="/api/login/dev" aria-label="New member">
                <input type="hidden" name="returnTo" value="${opts.returnTo}" />
                <label for="firstName">First name</label
                ><input id="firstName" name="firstName" required maxlength="50" autocomplete="given-name" />
                <label for="lastName">Last name</label><input id="lastName" name="lastName" maxlength="50" autocomplete="family-name" />
                <label for="email">E-mail</label
                ><input id="email" name="email" type="email" required maxlength="200" autocomplete="email" />
                <button class="primary" type="submit">Sign in as a new member</button>
              </form>`
          : ""
      }`,
  );
}

export function renderNotConfiguredPage() {
  return page(
    "Sign-in not configured",
    html`<h1>Sign-in is not configured</h1>
      <p>
        No sign-in provider is set up for this deployment. An operator needs to set the Discord or Twitch client id and secret (see the
        README's Configuration section).
      </p>
      <a class="provider" href="/">Back to ${PRODUCT_NAME}</a>`,
  );
}

/** GET /api/logout: a question, so that a link (from this site or any other) signs nobody out. */
export function renderSignOutPage(user: Parameters<typeof displayName>[0]) {
  return page(
    "Sign out?",
    html`<h1>Sign out?</h1>
      <p>You are signed in as ${displayName(user)} in this browser. Signing out also closes any room you have open here.</p>
      <form method="post" action="/api/logout">
        <button class="primary" type="submit">Sign out</button>
      </form>
      <p style="margin:16px 0 0;text-align:center"><a href="/" style="color:#c4b5fd">Stay signed in</a></p>`,
  );
}

/** A suspended member's sign-in (issue 38): no session is made; the page says why and until when. */
export function renderSuspendedPage(message: string) {
  return page(
    "Account suspended",
    html`<h1>Account suspended</h1>
      <p>${message}</p>
      <p>If you think this is a mistake, write to us through the contact page.</p>
      <a class="provider" href="/contact">Contact us</a>`,
  );
}
