import { createContext, useContext } from "react";

/**
 * The app's one stylesheet goes in the document's head as text, not as a <link>: a first visit paints as
 * soon as the HTML arrives instead of a round trip later (README, Performance: the landing page's LCP under
 * Lighthouse's applied 4G throttling), and Tailwind's atomic classes keep it small (about 11 KB gzip).
 * Client navigations never fetch another document, so a visit downloads it once, as it did before.
 */
const InlineStylesContext = createContext<string | null>(null);
/** entry.server provides the built CSS text. */
export const InlineStylesProvider = InlineStylesContext.Provider;

const STYLE_ID = "app-styles";
let documentStyles: string | undefined;
/** In the browser the text is the server's, read back once, so hydration renders exactly what is there. */
function stylesFromDocument(): string {
  if (typeof document === "undefined") return "";
  return (documentStyles ??= document.getElementById(STYLE_ID)?.textContent ?? "");
}

export function InlineStyles() {
  const css = useContext(InlineStylesContext) ?? stylesFromDocument();
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
