export function main(): void {}
