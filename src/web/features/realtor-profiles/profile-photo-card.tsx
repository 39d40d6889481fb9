import { useId, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CameraIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { readErrorMessage } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { dataUrlToFile, READ_IMAGE_FAILED, readImageAsDataUrl } from './read-image';

/**
 * The avatar upload: the picture is read as a data URL here (SPEC §2), shown
 * from it, and uploaded to our blob store; the profile saves the key the
 * upload answers, never the data URL (docs/decisions/0024).
 */
export function ProfilePhotoCard({
  name,
  image,
  saved,
  onChange,
}: {
  name: string;
  /** The image key the profile will save, or null. */
  image: string | null;
  /** Whether `image` is the one already saved. */
  saved: boolean;
  onChange: (image: string | null) => void;
}) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  // The picture just chosen, until the profile is saved and shows it from its key.
  const [preview, setPreview] = useState<string | null>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still fires a change.
    event.target.value = '';
    if (file === undefined) return;
    setBusy(true);
    try {
      let dataUrl: string;
      try {
        dataUrl = await readImageAsDataUrl(file);
      } catch {
        toast({ variant: 'destructive', title: READ_IMAGE_FAILED, description: 'Choose a JPG, PNG or WebP picture and try again.' });
        return;
      }
      try {
        const { imageKey } = await uploadFile<{ imageKey: string }>('/api/upload-profile-image', 'image', dataUrlToFile(dataUrl, 'avatar.jpg'), () => {});
        setPreview(dataUrl);
        onChange(imageKey);
      } catch (error) {
        toast({ variant: 'destructive', title: 'Upload failed', description: readErrorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  function remove() {
    setPreview(null);
    onChange(null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Photo</CardTitle>
        <CardDescription>Homeowners see it on your bids and your profile.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar image={image} preview={image === null ? null : preview} name={name} className="size-20 text-2xl" data-testid="profile-photo" />
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <input id={inputId} type="file" accept="image/jpeg,image/png,image/webp" className="peer sr-only" onChange={(event) => void pick(event)} />
            <label
              htmlFor={inputId}
              className={buttonVariants({
                variant: 'outline',
                className: 'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
              })}
            >
              {busy ? <Spinner size="sm" label="Uploading the picture" className="text-current" /> : <CameraIcon />}
              {image === null ? 'Upload photo' : 'Change photo'}
            </label>
            {image !== null && (
              <Button variant="ghost" onClick={remove}>
                Remove
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {saved ? 'JPG, PNG or WebP. It is resized to 256 pixels.' : 'Not saved yet: press Save Profile to keep it.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
