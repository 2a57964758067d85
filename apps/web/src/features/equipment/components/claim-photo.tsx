import { useEffect, useState } from 'react';
import { Anchor, Image, Skeleton } from '@mantine/core';
import { claimPhotoUrl } from '../api/claims';

/** One claim photo, fetched with the session and shown from an object URL (revoked when it goes). */
export function ClaimPhoto({ claimId, photo }: { claimId: number; photo: { id: number; fileName: string } }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    claimPhotoUrl(claimId, photo.id, controller.signal)
      .then((objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [claimId, photo.id]);
  if (!url) return <Skeleton h={120} w={160} />;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open photo ${photo.fileName}`}>
      <Image src={url} alt={photo.fileName} h={120} w="auto" fit="contain" radius="sm" />
    </Anchor>
  );
}
