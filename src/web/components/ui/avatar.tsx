import type { ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { isBlobKey } from '../../../contract/blob-keys';
import { apiFetch } from '../../lib/api';
import { cn } from '../../lib/cn';
import { sizedImageUrl } from '../../lib/image-url';
import { queryKeys } from '../../lib/query-keys';

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * A person's picture, or their initials while it loads, when there is none or
 * when it fails. `image` is what the API stores: only the key of an image in
 * our blob store is shown, at the short-lived address GET /api/proxy-image/{key}
 * answers. Anything else (an address on another site, a data: URL saved before
 * decision 0024) counts as no picture: another site would learn who looks at it.
 * `preview` is a picture made in this page (a data: URL), shown instead.
 */
export function Avatar({
  image,
  preview,
  name,
  className,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Root> & { image: string | null | undefined; preview?: string | null; name: string }) {
  const stored = useStoredImageSrc(preview ? null : image);
  const src = preview ?? stored;
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-brand-soft', className)}
      {...props}
    >
      {src !== undefined && <AvatarPrimitive.Image src={src} alt={name} className="aspect-square size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src === undefined ? 0 : 300}
        className="flex size-full items-center justify-center font-semibold text-brand-hover"
        aria-hidden="true"
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

/** The address to show for a stored image key, undefined while unknown or when there is none. */
function useStoredImageSrc(image: string | null | undefined): string | undefined {
  const key = storedImageKey(image);
  const proxied = useQuery({
    queryKey: queryKeys.proxyImage(key ?? ''),
    queryFn: () => apiFetch<{ url: string }>(`/api/proxy-image/${encodeURIComponent(key ?? '')}`),
    enabled: key !== undefined,
    // SPEC §7 Images: cached for an hour, one retry for images that are not the page's main ones.
    staleTime: ONE_HOUR_MS,
    retry: 1,
  });
  // Pictures are at most 80 px here; the 400 px copy is sharp on any screen.
  const url = proxied.data?.url;
  return key === undefined || url === undefined ? undefined : sizedImageUrl(url, 400);
}

/** The image key in a stored picture value (older clients prefixed '/api/images/'), or undefined when it is none. */
export function storedImageKey(image: string | null | undefined): string | undefined {
  const key = image?.trim().replace(/^\/api\/images\//, '');
  return isBlobKey(key, 'images') ? key : undefined;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => (part ?? '').charAt(0).toUpperCase()).join('') || '?';
}
