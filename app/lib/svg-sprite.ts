import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * An SVG sprite for `<use href="sprite.svg#id">`: each drawing is an element rendering an <svg>, whose
 * children become a <symbol> with the sprite's viewBox (the <svg> that uses it brings the presentation).
 * `markup` rewrites a drawing's markup first. For the generators (`npm run generate`) and their tests.
 */
export function svgSprite(options: {
  source: string;
  viewBox: string;
  drawings: [id: string, drawing: ReactElement][];
  markup?: (svg: string) => string;
}): string {
  const { source, viewBox, drawings, markup = (svg) => svg } = options;
  const symbols = drawings.map(([id, drawing]) => {
    const svg = markup(renderToStaticMarkup(drawing));
    const inner = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    return `<symbol id="${id}" viewBox="${viewBox}">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg"><!-- Generated from ${source} by \`npm run generate\`; do not edit. -->\n${symbols.join("\n")}\n</svg>\n`;
}
