import { Slider } from "radix-ui";
import { BRACKETS, bracketRange, levelBandOfBracket } from "../../../workers/contract/brackets";
import { POWER_LEVEL_MAX, POWER_LEVEL_MIN } from "../../../workers/contract/matchmaking";

/** Spec 001 §3 power levels, shown as a legend under the slider. */
const POWER_BANDS = "Casual 1-4 · Focused 5-6 · Optimized 7-8 · Competitive 9-10";
/** Commander compares brackets, two levels each (workers/contract/brackets.ts). */
const BRACKET_BANDS = `Commander: ${BRACKETS.map((b) => `${b.name} ${levelBandOfBracket(b.id).join("-")}`).join(" · ")}`;

/** Two-thumb power range, 1 to 10 in steps of 1 (spec §5). Arrow keys move a focused thumb. */
export function PowerRangeSlider({
  id,
  min,
  max,
  onChange,
}: {
  id: string;
  min: number;
  max: number;
  onChange: (range: { min: number; max: number }) => void;
}) {
  return (
    <div>
      <div className="flex items-center justify-between">
        <span id={id} className="text-sm font-medium">
          Power level range
        </span>
        <span className="text-sm font-semibold" data-testid="power-range-value">
          {min} - {max}
        </span>
      </div>
      <Slider.Root
        className="relative mt-3 flex h-5 w-full touch-none select-none items-center"
        min={POWER_LEVEL_MIN}
        max={POWER_LEVEL_MAX}
        step={1}
        minStepsBetweenThumbs={0}
        value={[min, max]}
        onValueChange={([low, high]) => onChange({ min: low, max: high })}
        aria-labelledby={id}
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-border">
          <Slider.Range className="absolute h-full rounded-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Minimum power level"
          className="block h-5 w-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
        <Slider.Thumb
          aria-label="Maximum power level"
          className="block h-5 w-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
      </Slider.Root>
      <p className="mt-2 text-xs text-muted">{POWER_BANDS}</p>
      <p className="mt-1 text-xs text-muted" data-testid="power-range-brackets">
        {BRACKET_BANDS}. Your range is {bracketText(min, max)} for Commander.
      </p>
    </div>
  );
}

function bracketText(min: number, max: number): string {
  const [low, high] = bracketRange(min, max);
  return low === high ? `bracket ${low}` : `brackets ${low}-${high}`;
}
