import { useEffect, useState } from 'react';
import { fetchChatFile, isPrivateChatFile } from '../../api/chat-files.ts';

export type ChatFileUrl = { url: string | null; failed: boolean };

/**
 * A URL the page can show a chat file by: for a guarded path, an object URL of the bytes fetched with
 * the person's token (released when the bubble goes); any other path as it is.
 */
export function useChatFileUrl(path: string): ChatFileUrl {
  const guarded = isPrivateChatFile(path);
  const [state, setState] = useState<ChatFileUrl>({ url: guarded ? null : path, failed: false });
  useEffect(() => {
    if (!isPrivateChatFile(path)) {
      setState({ url: path, failed: false });
      return;
    }
    setState({ url: null, failed: false });
    let alive = true;
    let objectUrl: string | null = null;
    fetchChatFile(path)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (alive) setState({ url: null, failed: true });
      });
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}
