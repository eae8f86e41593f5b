import { createMemoryStore, emptyMemoryStoreData } from '@mcp-trust/store';
import { storeConformance } from './store-conformance.js';

storeConformance('memory', () => {
  const data = emptyMemoryStoreData();
  return {
    open: () => createMemoryStore(data),
    tamper(seq, forged) {
      const i = data.audit.findIndex((r) => r.seq === seq);
      data.audit[i] = { ...data.audit[i]!, dataText: JSON.stringify(forged) };
    },
  };
});
