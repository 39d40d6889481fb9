import type { ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { apiFetch } from '../../lib/api';
import { cn } from '../../lib/cn';
import { queryKeys } from '../../lib/query-keys';

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * A person's picture, or their initials while it loads, when there is none or
 * when it fails. `image` is what the API stores (SPEC §7 Images): a data: URL
 * or an http(s) address shows as it is; anything else is an image key, whose
 * short-lived address comes from GET /api/proxy-image/{key}.
 */
export function Avatar({
  image,
  name,
  className,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Root> & { image: string | null | undefined; name: string }) {
  const src = useStoredImageSrc(image);
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

/** The address to show for a stored image value, undefined while unknown or when there is none. */
function useStoredImageSrc(image: string | null | undefined): string | undefined {
  const value = image?.trim() ?? '';
  const direct = value === '' || /^(data:image\/|https?:\/\/)/i.test(value);
  const key = value.replace(/^\/api\/images\//, '');
  const proxied = useQuery({
    queryKey: queryKeys.proxyImage(key),
    queryFn: () => apiFetch<{ url: string }>(`/api/proxy-image/${encodeURIComponent(key)}`),
    enabled: !direct,
    // SPEC §7 Images: cached for an hour, one retry for images that are not the page's main ones.
    staleTime: ONE_HOUR_MS,
    retry: 1,
  });
  if (value === '') return undefined;
  return direct ? value : proxied.data?.url;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => (part ?? '').charAt(0).toUpperCase()).join('') || '?';
}
