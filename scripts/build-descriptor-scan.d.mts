export function descriptorScanBytes(watPath: string): Promise<string>;
export function descriptorScanModule(base64: string): string;
