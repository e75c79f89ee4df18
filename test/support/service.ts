// Reads the sandbox over its real HTTP interface, as any other client would.
export async function getJson(baseUrl: string, path: string, token = 'demo-token-willow'): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

/** Every receipt (or return) of an organisation, all pages. */
export async function listAll(
  baseUrl: string,
  orgId: string,
  resource: 'receipts' | 'returns',
  token?: string,
): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson(
      baseUrl,
      `/api/shed/organisations/${orgId}/${resource}?page=${page}&page_size=200`,
      token,
    );
    all.push(...body.data);
    if (!body.meta || page >= body.meta.total_pages) return all;
  }
}
