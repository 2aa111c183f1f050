//! The temple hall: the door, the lock, the inventory and the turn budget. Drawn by hand in SVG.

use crate::state::Playground;
use crate::text;
use crate::ui::icons::{KeyIcon, OilCanIcon};
use leptos::prelude::*;

#[component]
pub fn RoomView() -> impl IntoView {
    let pg = expect_context::<Playground>();
    let room = Memo::new(move |_| pg.view.with(|v| v.room));
    let door_state = move || if room.get().door_open { "open" } else { "closed" };
    let lock_state = move || if room.get().lock_oiled { "oiled" } else { "rusted" };
    let turn = Memo::new(move |_| pg.view.with(|v| (v.turn, v.max_turns.max(pg.config.with(|c| c.guards.max_turns)))));
    let waiting = Memo::new(move |_| pg.view.with(|v| v.waiting));
    view! {
        <section class="panel room" aria-labelledby="room-title">
            <h2 id="room-title">{text::ROOM}</h2>
            <div class="room-stage">
                <svg class="scene" viewBox="0 0 320 200" role="img" aria-label=move || text::scene_label(door_state(), lock_state())>
                    <rect x="0" y="0" width="320" height="200" class="wall" />
                    <g class="bricks">
                        {(0..5).map(|row| view! { <line x1="0" x2="320" y1=20 + row * 36 y2=20 + row * 36 /> }).collect_view()}
                    </g>
                    <rect x="0" y="178" width="320" height="22" class="floor" />
                    <path d="M100 178 V70 A60 60 0 0 1 220 70 V178 Z" class="arch" />
                    <g data-testid="door" data-state=door_state class=move || format!("door door-{}", door_state())>
                        <path d="M110 178 V74 A50 50 0 0 1 210 74 V178 Z" class="doorway" />
                        <g class="door-leaf">
                            <path d="M110 178 V74 A50 50 0 0 1 210 74 V178 Z" class="planks" />
                            <line x1="143" y1="30" x2="143" y2="178" class="seam" />
                            <line x1="177" y1="30" x2="177" y2="178" class="seam" />
                            <rect x="110" y="96" width="100" height="8" class="band" />
                            <rect x="110" y="150" width="100" height="8" class="band" />
                        </g>
                    </g>
                    <g data-testid="lock" data-state=lock_state class=move || format!("lock lock-{}", lock_state())>
                        <rect x="186" y="112" width="18" height="26" rx="3" class="lock-plate" />
                        <circle cx="195" cy="122" r="3.2" class="keyhole" />
                        <rect x="194" y="123" width="2" height="8" class="keyhole" />
                        <circle cx="189" cy="117" r="1.6" class="rust" />
                        <circle cx="201" cy="134" r="1.8" class="rust" />
                        <circle cx="200" cy="116" r="1.2" class="rust" />
                        <path d="M205 108 q3 5 0 7 q-3 -2 0 -7z" class="oil-drop" />
                    </g>
                </svg>
                <div class="room-facts">
                    <p><strong>{text::DOOR}": "</strong><span class="fact">{door_state}</span></p>
                    <p><strong>{text::LOCK}": "</strong><span class="fact">{lock_state}</span></p>
                    <p class="inventory"><strong>{text::INVENTORY}": "</strong><KeyIcon />{text::KEY}<OilCanIcon />{text::OIL_CAN}</p>
                    <p class="turns" data-testid="turn">
                        <strong>{text::TURN}" "</strong>
                        {move || { let (t, m) = turn.get(); text::turn_of_max(t, m) }}
                    </p>
                    <div class="pips" aria-hidden="true">
                        {move || { let (t, m) = turn.get(); (1..=m.min(30)).map(|i| view! { <span class="pip" class:used=i <= t></span> }).collect_view() }}
                    </div>
                    {move || waiting.get().map(|(attempt, max, ms)| view! {
                        <p class="waiting" data-testid="waiting">
                            <span class="spinner" aria-hidden="true"></span>
                            {text::waiting(ms, attempt, max)}
                        </p>
                    })}
                </div>
            </div>
        </section>
    }
}
