// Loaded for its effect by the package's main entry (index.ts): on Node, codec libraries come
// from `require`, resolved from the runtime's own location, when the first codec needs one.
import { runtimeRequire } from '../../util/lazyRequire.ts';
import { providePeerRequire } from './loadPeer.ts';

providePeerRequire((packageName) => runtimeRequire()(packageName));
