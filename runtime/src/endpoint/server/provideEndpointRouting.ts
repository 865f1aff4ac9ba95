// Loaded for its effect by the package's main entry (index.ts): endpoints implemented through
// `Endpoint.implement` become routes of the server. The client entry never loads this module.
import { Routes } from '../../routing/Routes.ts';
import { provideEndpointRouting } from '../endpointRouting.ts';
import { implementEndpoint } from './implementEndpoint.ts';

provideEndpointRouting({ implement: implementEndpoint, toRoutes: (route) => Routes(route) });
