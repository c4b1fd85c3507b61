//! `pdrkit certify`: a certificate (certifaiger witness circuit) checked for a model with
//! fresh SAT queries by the independent checker. For a BTOR2 model the certificate speaks of
//! the bit-blasted model (what `pdrkit blast` writes), so that model is what it is checked for.

use std::path::Path;

use crate::btor2::is_btor2;
use crate::model::{read_bytes, read_checker_model, read_model};
use crate::replay::REJECTED;

/// Runs `pdrkit certify`: exit 0 when the certificate proves the model's properties (with
/// `property`: that one safety property of the model; with `justice`: that one justice
/// property), 2 when it does not.
pub fn certify(
    model: &Path,
    certificate: &Path,
    property: Option<usize>,
    justice: Option<usize>,
) -> anyhow::Result<u8> {
    let full = if is_btor2(&read_bytes(model)?) {
        read_model(model)?.checked
    } else {
        read_checker_model(model)?
    };
    let count = full.properties().len();
    if let Some(n) = property.filter(|&n| n >= count) {
        anyhow::bail!(
            "{}: property {n} does not exist: the model has {count} properties",
            model.display()
        );
    }
    let live = full.justice.len();
    if let Some(j) = justice.filter(|&j| j >= live) {
        anyhow::bail!(
            "{}: justice property {j} does not exist: the model has {live}",
            model.display()
        );
    }
    let aig = match (property, justice) {
        (Some(n), _) => full.single_property(n).unwrap_or(full),
        (None, Some(j)) => full.single_justice(j).unwrap_or(full),
        (None, None) => full,
    };
    let cert = read_checker_model(certificate)?;
    match pdrkit_check::check_certificate(&aig, &cert) {
        Ok(r) => {
            let each: Vec<String> = r
                .checks
                .iter()
                .map(|c| format!("{} {:.3}s", c.condition, c.time.as_secs_f64()))
                .collect();
            println!(
                "ok: certificate valid ({} mapped, {} extra; checked in {:.3}s: {})",
                r.mapped,
                r.extra,
                r.total_time().as_secs_f64(),
                each.join(", ")
            );
            Ok(0)
        }
        Err(e) => {
            // `check --property N` certifies one property: say so when all were checked.
            let several = count + live > 1;
            let hint = if property.is_none() && justice.is_none() && several {
                format!(
                    " (all {count} safety and {live} justice properties were checked; a \
                     certificate from `check --property N` proves property N only: add \
                     `--property N`, or `--justice N` for one of `j<N>`)"
                )
            } else {
                String::new()
            };
            eprintln!(
                "pdrkit: {}: certificate rejected: {e}{hint}",
                certificate.display()
            );
            Ok(REJECTED)
        }
    }
}
