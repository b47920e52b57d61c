import { createElement, type ReactNode } from "react";
import { svgSprite } from "~/lib/svg-sprite";

/*
 * Each realm's hero art, drawn here in JSX with the realm's palette tokens and served as one cached SVG
 * sprite (app/assets/community-art.svg, written by `npm run generate`; a test keeps it current), so the
 * drawings stay out of the JavaScript of the pages that show them. Only the generator and the test
 * import this module; pages use community-art.tsx.
 */

const line = { fill: "none", strokeWidth: 3, strokeLinecap: "round", strokeLinejoin: "round" } as const;

function Sparkle({ x, y, r, className }: { x: number; y: number; r: number; className: string }) {
  return (
    <path
      className={className}
      d={`M${x} ${y - r} Q${x} ${y} ${x + r} ${y} Q${x} ${y} ${x} ${y + r} Q${x} ${y} ${x - r} ${y} Q${x} ${y} ${x} ${y - r}Z`}
    />
  );
}

const ART: Record<string, ReactNode> = {
  // An arcane circle: a five-pointed mana wheel inside two rings, with pips and stars.
  "scry-gather": (
    <g>
      <circle cx="280" cy="120" r="92" className="stroke-primary" {...line} />
      <circle cx="280" cy="120" r="70" className="stroke-primary" {...line} strokeDasharray="4 10" />
      <polygon points="280,50 346,98 321,177 239,177 214,98" className="stroke-secondary" {...line} />
      <polygon points="280,50 321,177 214,98 346,98 239,177" className="stroke-primary" {...line} strokeOpacity="0.6" />
      {[0, 72, 144, 216, 288].map((a) => (
        <circle
          key={a}
          cx={280 + 92 * Math.sin((a * Math.PI) / 180)}
          cy={120 - 92 * Math.cos((a * Math.PI) / 180)}
          r="9"
          className={a % 144 === 0 ? "fill-secondary" : "fill-accent"}
        />
      ))}
      <Sparkle x={110} y={60} r={12} className="fill-secondary" />
      <Sparkle x={150} y={180} r={8} className="fill-accent" />
    </g>
  ),
  // Lightning and a stream signal around a battle ball.
  "pokestream-hub": (
    <g>
      <circle cx="300" cy="120" r="70" className="stroke-primary" {...line} strokeWidth="6" />
      <path d="M230 120 H270 M330 120 H370" className="stroke-primary" {...line} strokeWidth="6" />
      <circle cx="300" cy="120" r="20" className="stroke-secondary" {...line} strokeWidth="6" />
      <path d="M150 30 L120 110 H150 L125 200 L200 90 H165 L190 30Z" className="fill-primary" />
      <path d="M385 40 Q405 60 385 80 M395 25 Q430 60 395 95" className="stroke-accent" {...line} />
      <circle cx="60" cy="170" r="6" className="fill-accent" />
      <circle cx="85" cy="60" r="4" className="fill-secondary" />
    </g>
  ),
  // Ink swirls, a lantern star and notes.
  decksong: (
    <g>
      <path d="M40 190 C120 120 170 220 240 150 S350 60 400 110" className="stroke-primary" {...line} strokeWidth="5" />
      <path d="M80 210 C150 160 200 240 270 180 S360 110 400 150" className="stroke-secondary" {...line} />
      <Sparkle x={300} y={60} r={26} className="fill-accent" />
      <Sparkle x={350} y={110} r={10} className="fill-primary" />
      <Sparkle x={190} y={70} r={12} className="fill-secondary" />
      <g className="fill-primary">
        <ellipse cx="120" cy="95" rx="10" ry="7" />
        <ellipse cx="150" cy="85" rx="10" ry="7" />
      </g>
      <path d="M129 94 V50 L159 42 V84" className="stroke-primary" {...line} />
    </g>
  ),
  // Three cards fanned out, under a duel seal.
  duelcraft: (
    <g>
      <g {...line}>
        <rect x="200" y="40" width="80" height="116" rx="8" className="stroke-primary" transform="rotate(-14 240 98)" />
        <rect x="250" y="34" width="80" height="116" rx="8" className="stroke-primary" />
        <rect x="300" y="40" width="80" height="116" rx="8" className="stroke-primary" transform="rotate(14 340 98)" />
      </g>
      <polygon points="290,62 306,90 274,90" className="stroke-secondary" {...line} />
      <polygon points="290,100 306,72 274,72" className="stroke-secondary" {...line} />
      <circle cx="290" cy="81" r="30" className="stroke-accent" {...line} />
      <path d="M60 200 L180 180 M80 220 L200 200" className="stroke-accent" {...line} strokeOpacity="0.7" />
    </g>
  ),
  // Crossed blades over a shield, with forge sparks.
  bladeforge: (
    <g>
      <path d="M300 50 L350 70 V120 Q350 170 300 195 Q250 170 250 120 V70Z" className="stroke-primary" {...line} strokeWidth="5" />
      <path d="M200 40 L390 200 M400 40 L210 200" className="stroke-secondary" {...line} strokeWidth="5" />
      <path d="M215 70 L235 50 M385 70 L365 50" className="stroke-secondary" {...line} strokeWidth="5" />
      <g className="stroke-accent" {...line}>
        <path d="M120 150 l14 -20 M140 175 l22 -8 M100 120 l4 -22 M160 120 l18 -14" />
      </g>
      <circle cx="150" cy="60" r="5" className="fill-accent" />
    </g>
  ),
  // A strategy board with a rising line of play.
  deckmaster: (
    <g>
      <g className="fill-primary" fillOpacity="0.35">
        {Array.from({ length: 24 }, (_, i) =>
          (i + Math.floor(i / 6)) % 2 === 0 ? (
            <rect key={i} x={230 + (i % 6) * 28} y={40 + Math.floor(i / 6) * 28} width="28" height="28" />
          ) : null,
        )}
      </g>
      <polyline points="60,200 130,170 190,180 250,120 310,130 380,50" className="stroke-primary" {...line} strokeWidth="5" />
      {[
        [130, 170],
        [250, 120],
        [380, 50],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="8" className="fill-secondary" />
      ))}
      <path d="M60 60 L80 40 L100 60 L120 40 L140 60 V80 H60Z" className="stroke-accent" {...line} />
    </g>
  ),
};

// All Realms: six linked stars, one per realm.
const CONSTELLATION = (
  <g>
    <polyline points="120,160 190,90 260,130 320,60 370,120 300,190" className="stroke-primary" {...line} strokeOpacity="0.7" />
    {[
      [120, 160],
      [190, 90],
      [260, 130],
      [320, 60],
      [370, 120],
      [300, 190],
    ].map(([x, y], i) => (
      <Sparkle
        key={i}
        x={x}
        y={y}
        r={i % 2 ? 10 : 14}
        className={i % 3 === 0 ? "fill-accent" : i % 3 === 1 ? "fill-secondary" : "fill-primary"}
      />
    ))}
  </g>
);

/** Tailwind's fill and stroke classes become inline styles on the palette tokens, which a <use> inherits. */
function paletteStyles(markup: string): string {
  const out = markup.replace(/class="(fill|stroke)-(primary|secondary|accent)"/g, 'style="$1:var(--rc-$2)"');
  if (out.includes("class=")) throw new Error("realm art: a class the sprite cannot carry");
  return out;
}

export function communityArtSprite(): string {
  const drawings: [string, ReactNode][] = [...Object.entries(ART), ["all", CONSTELLATION]];
  return svgSprite({
    source: "app/components/community/community-art.source.tsx",
    viewBox: "0 0 400 240",
    drawings: drawings.map(([id, drawing]) => [id, createElement("svg", null, drawing)]),
    markup: paletteStyles,
  });
}
