import { useRevalidator } from "@remix-run/react";
import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { AVATAR_TYPES } from "../../../workers/contract/avatar-options";
import { ProfileAvatar } from "~/components/profile/profile-avatar";
import { Button } from "~/components/ui/button";
import { FieldMessage, Label } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { api, apiErrorMessage, unwrap } from "~/lib/api-client";
import { cropAvatar } from "./crop-avatar";
import { AVATAR_REMOVED, AVATAR_SAVED } from "./profile-toasts";

type Person = Parameters<typeof ProfileAvatar>[0]["person"];

/**
 * The owner's profile picture: choose a file, see its square crop, save it
 * (POST /api/user/avatar) or remove the current one. Cropping needs a canvas,
 * so this part of the profile needs JavaScript; the page shows the picture without it.
 */
export function AvatarEditor({ person }: { person: Person }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<"crop" | "save" | "remove" | null>(null);

  // The preview's object URL lives as long as the preview.
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.preview) : undefined), [picked]);

  const reset = () => {
    setPicked(null);
    if (input.current) input.current.value = "";
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(undefined);
    if (!file) return reset();
    setBusy("crop");
    const cropped = await cropAvatar(file);
    setBusy(null);
    if (!cropped.ok) {
      reset();
      return setError(cropped.message);
    }
    setPicked({ file: cropped.file, preview: URL.createObjectURL(cropped.file) });
  };

  const run = async (kind: "save" | "remove", call: () => Promise<unknown>, done: typeof AVATAR_SAVED) => {
    setBusy(kind);
    setError(undefined);
    try {
      await call();
      reset();
      toast(done);
      revalidator.revalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure, "The picture could not be saved. Please try again."));
    } finally {
      setBusy(null);
    }
  };

  const save = () => picked && run("save", () => unwrap(api.user.avatar.$post({ form: { file: picked.file } })), AVATAR_SAVED);
  const remove = () => run("remove", () => unwrap(api.user.avatar.$delete()), AVATAR_REMOVED);
  const errorId = `${id}-error`;

  return (
    <section className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-4">
        {picked ? (
          <img
            src={picked.preview}
            alt="Preview of your new avatar"
            width={96}
            height={96}
            className="h-24 w-24 rounded-full object-cover"
            data-testid="avatar-preview"
          />
        ) : (
          <ProfileAvatar person={person} className="h-24 w-24 text-2xl" />
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={`${id}-file`} className="mb-0">
            Profile picture
          </Label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            onChange={choose}
            disabled={busy !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${id}-hint`}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-fg"
          />
          <p id={`${id}-hint`} className="text-xs text-muted">
            PNG, JPEG or WebP, up to 2 MB. It is cropped to a square around its centre.
          </p>
          <FieldMessage id={errorId}>{error}</FieldMessage>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {picked ? (
          <>
            <Button size="sm" onClick={save} disabled={busy !== null}>
              <ImagePlus className="h-4 w-4" aria-hidden="true" /> {busy === "save" ? "Saving..." : "Save picture"}
            </Button>
            <Button size="sm" variant="outline" onClick={reset} disabled={busy !== null}>
              Keep current
            </Button>
          </>
        ) : null}
        {!picked && person?.profileImageUrl ? (
          <Button size="sm" variant="outline" onClick={remove} disabled={busy !== null}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> {busy === "remove" ? "Removing..." : "Remove picture"}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
