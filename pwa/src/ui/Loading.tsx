/** 'Se încarcă...' while something is read, announced politely; `page`: it stands for the whole page. */
export function Loading({ page = false, text = 'Se încarcă...' }: { page?: boolean; text?: string }) {
  return (
    <p className={page ? 'page muted' : 'muted'} role="status">
      {text}
    </p>
  );
}
