import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";

/**
 * A secret shown this once (a new API token, a webhook's signing secret): read-only and selected on focus, copied
 * with one click, put away with Done. Each caller says above it what the secret is for.
 */
export function ShownOnceSecret({
  label,
  value,
  onDone,
  className,
}: {
  label: string;
  value: string;
  onDone: () => void;
  className: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Input
        readOnly
        aria-label={label}
        value={value}
        className="min-w-0 flex-1 basis-48 font-mono text-xs"
        onFocus={(e) => e.target.select()}
      />
      <Button
        variant="outline"
        onClick={async () => {
          await navigator.clipboard.writeText(value);
          setCopied(true);
        }}
      >
        {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}{" "}
        {copied ? "Copied" : "Copy"}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
