/** A monthly data allowance: 30720 MB → 30GB; 500 MB → 500MB. */
export function formatData(mb: number): string {
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10}GB` : `${mb}MB`;
}
