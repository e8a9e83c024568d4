export { SubscribePage as SubscribeRoute } from "../../features/auth/components/subscribe-page";
