import StreetModel

/// Playing the way ahead (Space), as the Panoramax viewer's play button plays a sequence: a step
/// forward along the way nearest the heading every `playInterval` seconds, each as `w` takes it
/// (blended, with its events), until there is no way on or a key stops it.
extension ExplorerState {
    /// Space: a step ahead at once, then one every `playInterval` seconds from `now`; or, while
    /// playing, stops. Without a clock (`now` nil) it is one step.
    mutating func togglePlay(at now: Double?) -> Bool {
        if playDue != nil {
            playDue = nil
            note = "Stopped."
            return true
        }
        let changed = stepAhead(at: now)
        // A way was taken when no note says why not ("no way forward").
        guard let now, note == nil else { return changed }
        playDue = now + playInterval
        let pace = playInterval == 0 ? "a step as each one ends" : "a step every \(playInterval.plainText) seconds"
        note = "Playing the way ahead: \(pace); any key stops."
        return true
    }

    /// While playing, the step due by `now`, once the last move has ended; with no way on, the
    /// end ("End of the way."). True when something changed.
    mutating func playStep(at now: Double) -> Bool {
        guard let due = playDue, now >= due, motion.animation == nil, navigation.transition == nil else { return false }
        let before = panorama?.id
        _ = stepAhead(at: now)
        if panorama?.id == before {
            playDue = nil
            note = "End of the way."
        } else {
            playDue = now + playInterval
        }
        return true
    }

    private mutating func stepAhead(at now: Double?) -> Bool {
        let left = panorama
        let changed = apply(.walkForward)
        if let now, !reduceMotion, let left, panorama?.id != left.id { navigation.blend(from: left, at: now) }
        return changed
    }

    /// While playing, the panoramas the next `steps` steps will reach, in order, by the rule a
    /// step takes (the way nearest the heading, within 90°, then facing along it): for the cache
    /// to decode ahead of the player. Empty when not playing.
    package func wayAhead(steps: Int) -> [Panorama] {
        guard playDue != nil, var here = panorama, let service = navigation.service else { return [] }
        var (heading, ahead) = (camera.heading, [Panorama]())
        while ahead.count < steps {
            guard let link = Navigation.way(from: here.links, nearest: heading), let next = service.panorama(id: link.target),
                !ahead.contains(where: { $0.id == next.id })
            else {
                break
            }
            ahead.append(next)
            (here, heading) = (next, link.heading)
        }
        return ahead
    }
}
