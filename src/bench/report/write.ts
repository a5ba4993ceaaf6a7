/** Placeholder. */
export async function writeReport(dir: string, options: { output?: string; scatter?: string[] }): Promise<string[]> {
  throw new Error(`report of ${dir} ${JSON.stringify(options)}: not yet`);
}
