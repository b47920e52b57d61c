/** The product's name, in one place: titles, headers and the sign-in page read it from here. */
export const PRODUCT_NAME = "Realmcast";

/** `page - detail | Realmcast`, or just the product name (spec 000 §2). */
export function documentTitle(page?: string, detail?: string | null): string {
  if (!page) return PRODUCT_NAME;
  return detail ? `${page} - ${detail} | ${PRODUCT_NAME}` : `${page} | ${PRODUCT_NAME}`;
}

/** The site icon (public/favicon.svg), linked from the Remix pages and the Worker's own sign-in pages. */
export const FAVICON_HREF = "/favicon.svg";
