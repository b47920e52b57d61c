import { Check, Globe } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { RealmDot } from "~/components/realm/realm-dot";
import { useCommunity } from "~/hooks/use-community";
import { useFirstItemFocus, type OpenRequest } from "~/hooks/use-load-on-intent";
import { realmTriggerClass, realmTriggerLabel, RealmTriggerFace } from "./realm-trigger-face";

const ALL_REALMS = "__all__";
const itemClass = "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background";

/** The realm selector's menu, loaded on first use and mounted open (realm-selector.tsx). */
export default function RealmMenu({ request }: { request: OpenRequest }) {
  const { communities, selectedCommunity, setSelectedCommunity } = useCommunity();
  const focusFirstItem = useFirstItemFocus(request);
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        className={realmTriggerClass}
        aria-label={realmTriggerLabel(selectedCommunity?.displayName)}
        data-testid="realm-selector"
      >
        <RealmTriggerFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          onFocus={focusFirstItem}
          className="z-50 min-w-[14rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.RadioGroup
            value={selectedCommunity?.id ?? ALL_REALMS}
            onValueChange={(value) => setSelectedCommunity(value === ALL_REALMS ? null : value)}
          >
            <DropdownMenu.RadioItem value={ALL_REALMS} className={itemClass}>
              <Globe className="h-4 w-4" aria-hidden="true" /> All Realms
              <DropdownMenu.ItemIndicator className="ml-auto">
                <Check className="h-4 w-4" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            {communities.map((community) => (
              <DropdownMenu.RadioItem key={community.id} value={community.id} className={itemClass}>
                <RealmDot realmId={community.id} />
                {community.displayName}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
