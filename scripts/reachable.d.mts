export function reachable(url: string, fallbackPort: number): Promise<boolean>;
